// The README's two pictures, taken from the real build so they show the app as it is: a phone at
// the table (an I'll Pass match at 360x640, a card face up with chips on it) and the board
// (docs/group.md, "The board": six live tables of a group, each a pen client entering a random
// match from its game's simulator, on a real nats-server). Writes docs/shots/phone.png and
// docs/shots/board.png. Usage: node scripts/readme-shots.mjs (after `npm run build`).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { startLive } from './live/server.mjs';
import { inboxOf } from '../src/lib/wire/names.js';
import { boardGroup } from '../tests/board-group.mjs';
import { enterMatch, launchChromium, loadKit, serveApp } from '../bench/common.mjs';

const OUT = 'docs/shots';
mkdirSync(OUT, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'passpad-shots-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const app = await serveApp(live);
const browser = await launchChromium();
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

try {
	await phone();
	await board();
} finally {
	await browser.close();
	app.close();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

/** An I'll Pass match a few cards in, at 360x640, as a phone beside the game shows it. */
async function phone() {
	const context = await browser.newContext({
		viewport: { width: 360, height: 640 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
		locale: 'en-GB',
		colorScheme: 'light'
	});
	const page = await context.newPage();
	await page.goto(`${app.origin}/new?game=ill-pass`);
	const seats = page.locator('input[maxlength="30"]');
	await seats.first().waitFor();
	const names = ['Ana', 'Ben', 'Chloé', 'Dan'];
	while ((await seats.count()) < names.length) {
		await page.getByRole('button', { name: 'Add a player' }).click();
	}
	for (const [index, name] of names.entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await page.waitForURL(/\/match\//);
	const faceUp = page.getByTestId('face-up');
	const pot = page.getByTestId('pot');
	for (const step of [20, 'pass', 'pass', 'pass', 'take', 8, 'take', 33, 'pass', 'pass']) {
		if (typeof step === 'number') {
			await page.getByRole('button', { name: `Reveal ${step}`, exact: true }).click();
			await faceUp.filter({ hasText: String(step) }).waitFor();
		} else if (step === 'take') {
			const card = await faceUp.textContent();
			await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
			await faceUp.waitFor({ state: 'detached' });
		} else {
			const before = await pot.textContent();
			await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
			await page.waitForFunction(
				(text) => document.querySelector('[data-testid="pot"]')?.textContent !== text,
				before
			);
			// a second press of the same button within 300 ms is a double tap, which the match
			// drops (src/lib/match/double-tap.ts): a person's pause before the next player's
			await pause(350);
		}
	}
	await page.screenshot({ path: `${OUT}/phone.png` });
	await context.close();
}

/** Six live tables of a group on the board, each a few entries into its match. */
async function board() {
	const kit = await loadKit('./bench/board-kit.ts');
	const group = await boardGroup(live, 'Thursday club');
	const games = ['ill-pass', 'dominoes', 'climbing', 'pass-pass', 'ill-pass', 'dominoes'];
	/** The last entry each table sent, by table. */
	const last = new Map();
	let stopped = false;
	const tables = [];
	for (const [index, game] of games.entries()) {
		const played = kit.sampleMatch(game, 7 + index);
		const match = `shot-${kit.newId()}`;
		const table = await group.open({ match, game, names: played.names });
		const nc = await connect({
			servers: `127.0.0.1:${live.nodes[0].port}`,
			user: table.writer.user,
			pass: table.writer.pass,
			inboxPrefix: inboxOf(table.writer.user)
		});
		const pen = new kit.LiveChannel(nc, table.table, match);
		let sent = 0;
		const { loop } = await enterMatch(kit, pen, {
			match,
			game,
			config: played.config,
			names: played.names,
			// a different point in each match: 12 to 27 entries
			actions: played.actions.slice(0, 12 + 3 * index),
			every: 50,
			stopped: () => stopped || sent >= 12 + 3 * index,
			onSent: (entry) => {
				sent++;
				last.set(index, entry.id);
			}
		});
		tables.push({ loop, pen, nc });
	}
	for (const table of tables) await table.loop;
	stopped = true;
	const context = await browser.newContext({
		viewport: { width: 1280, height: 720 },
		colorScheme: 'light',
		locale: 'en-GB'
	});
	const page = await context.newPage();
	await page.goto(group.link(app.origin));
	await page.waitForFunction(
		(ids) => {
			const shown = [...document.querySelectorAll('[data-testid="board-table"]')].map(
				(card) => /** @type {HTMLElement} */ (card).dataset.entry
			);
			return ids.every((id) => shown.includes(id));
		},
		[...last.values()],
		{ timeout: 60_000 }
	);
	await page.screenshot({ path: `${OUT}/board.png` });
	await context.close();
	for (const { pen, nc } of tables) {
		await pen.close();
		await nc.close().catch(() => {});
	}
}
