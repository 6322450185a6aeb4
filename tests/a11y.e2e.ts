import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import fc from 'fast-check';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { passPass } from '../src/lib/rules/pass-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '../src/lib/rules/climbing/simulate';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { seeded } from '../src/lib/rules/common/random';
import { smallPhone } from './reach';

// 0 axe-core violations on every screen, in English and French, light and dark: home, new match,
// each game's match during play, finished and abandoned, history, players, a player, the rules,
// settings, take and resolve. The matches come in through a backup, as a person would bring them.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay'];

// the smallest phone: where a wide sheet scrolls and a scrolling region must take the focus
test.use({ ...smallPhone });

/** A Pass Pass match won by a third Pass Pass: its record is the one play-testing found wrong. */
function thirdTick() {
	for (const input of fc.sample(passPassInput, { numRuns: 200, seed: 3 })) {
		const run = simulate({ ...input, players: 4, layout: false });
		if (passPass.outcome(run.state)?.reason === 'third-tick') return run;
	}
	throw new Error('no third Pass Pass in 200 matches');
}

/** Every game's whole match, as setup and actions. */
function matches() {
	const [dominoes] = fc.sample(matchInput, { numRuns: 1, seed: 5 });
	const [climbing] = fc.sample(climbingInput, { numRuns: 1, seed: 5 });
	const pp = thirdTick();
	const [six] = fc.sample(passPassInput, { numRuns: 1, seed: 8 });
	const teams = simulate({ ...six, players: 6, layout: false });
	const dom = legalMatch(dominoes);
	const cl = randomMatch({ ...climbing, players: 3 }, 4000);
	const ill = randomGame(seeded(7), 3);
	return [
		{ game: 'pass-pass', config: pp.config, actions: pp.actions, players: 4 },
		{ game: 'pass-pass', config: teams.config, actions: teams.actions, players: 6 },
		{ game: 'dominoes', config: dom.config, actions: dom.actions, players: 4 },
		{ game: 'climbing', config: cl.config, actions: cl.actions, players: 3 },
		{ game: 'ill-pass', config: ill.config, actions: ill.actions, players: 3 }
	] as const;
}

/** A backup holding each game finished and half played, and one match abandoned. */
function backup() {
	const at = Date.UTC(2026, 10, 22, 18);
	const entries = matches().flatMap((entry) =>
		(['finished', 'active'] as const).map(
			(status): { status: 'finished' | 'active' | 'abandoned' } & typeof entry => ({
				...entry,
				status
			})
		)
	);
	entries.push({ ...entries[entries.length - 1], status: 'abandoned' });
	return {
		format: 'passpad-backup',
		schema: 4,
		app: 'a11y test',
		exportedAt: at,
		players: NAMES.map((name, k) => ({
			id: `p${k}`,
			name,
			nameKey: name.toLowerCase(),
			hidden: false,
			createdAt: at,
			colour: k === 0 ? 'teal' : null
		})),
		matches: entries.map((entry, k) => {
			const log = entry.status === 'finished' ? entry.actions : entry.actions.slice(0, 9);
			return {
				id: `${entry.game}${entry.players === 6 ? '-6' : ''}-${entry.status}`,
				game: entry.game,
				config: entry.config,
				seats: NAMES.slice(0, entry.players).map((name, seat) => ({ playerId: `p${seat}`, name })),
				status: entry.status,
				...(entry.status === 'abandoned' ? { abandonedAt: at + k * 60_000 + 5_000 } : {}),
				notes: '',
				createdAt: at + k * 60_000,
				updatedAt: at + k * 60_000 + 5_000,
				redo: [],
				result: null,
				log: log.map((action, seq) => ({ action, at: at + k * 60_000 + seq }))
			};
		})
	};
}

const FILE = Buffer.from(JSON.stringify(backup()));

const SCREENS = [
	'/',
	'/new',
	'/new?game=pass-pass',
	'/new?game=dominoes',
	'/new?game=climbing',
	'/history',
	'/players',
	'/players/p0',
	'/rules',
	'/rules/pass-pass',
	'/rules/dominoes',
	'/rules/climbing',
	'/rules/ill-pass',
	'/settings',
	'/take',
	'/resolve',
	...['pass-pass', 'dominoes', 'climbing', 'ill-pass'].flatMap((game) => [
		`/match/${game}-active`,
		`/match/${game}-finished`
	]),
	'/match/pass-pass-6-finished',
	'/match/pass-pass-6-active',
	'/match/ill-pass-abandoned'
];

async function violations(page: Page, path: string) {
	await page.goto(path);
	await expect(page.locator('h1').first()).toBeAttached();
	// the screen's data, read from storage, is on it before it is judged
	if (path.endsWith('-finished')) await expect(page.getByTestId('outcome')).toBeVisible();
	if (path.endsWith('-active')) await expect(page.getByTestId('now')).toBeVisible();
	if (path === '/history') await expect(page.getByTestId('history').locator('li')).toHaveCount(11);
	if (path === '/players/p0') await expect(page.getByTestId('stats-pass-pass')).toBeVisible();
	await page.waitForLoadState('networkidle');
	await page.waitForTimeout(150);
	const { violations } = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
		.analyze();
	return violations.map((violation) => ({
		path,
		id: violation.id,
		impact: violation.impact,
		nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`)
	}));
}

for (const lang of ['en', 'fr'] as const) {
	for (const theme of ['light', 'dark'] as const) {
		test(`axe-core: 0 violations on every screen (${lang}, ${theme})`, async ({ page }) => {
			test.setTimeout(240_000);
			await page.addInitScript(
				([lang, theme]) => {
					localStorage.setItem('PARAGLIDE_LOCALE', lang);
					localStorage.setItem('passpad-theme', theme);
				},
				[lang, theme]
			);
			await page.goto('/settings');
			await page.getByTestId('import').setInputFiles({
				name: 'backup.json',
				mimeType: 'application/json',
				buffer: FILE
			});
			await expect(page.getByTestId('backup-message')).toContainText(
				lang === 'en' ? 'Imported 11 matches' : '11 parties importées'
			);
			await expect(page.locator('html')).toHaveAttribute('lang', lang);
			await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
			const found = [];
			for (const path of SCREENS) found.push(...(await violations(page, path)));
			// every one named with its screen, rule and elements, so a failure says what to fix
			expect(found).toEqual([]);
		});
	}
}
