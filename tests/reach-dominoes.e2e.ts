import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { dominoesAction } from './enter';
import { startMatch } from './helpers';
import { logged, smallPhone, Thumb } from './reach';
import { legalMatch, matchInput, type Step } from '../src/lib/rules/dominoes/simulate';
import { tileKey } from '../src/lib/rules/dominoes';

// The hard states of a Pass-Pass deal, on a phone held in one hand (docs/features.md, "At the
// table"): a line of 17 tiles and more, the whole boneyard drawn and a draw late in the deal,
// both ends doubles, passes once the boneyard is empty, then the count. The deals are chosen
// from the simulator's seeds (src/lib/rules/dominoes/simulate.ts) for reaching those states in
// the match's first deal, so the test plays one deal each and stays quick. Every tap is held
// to the reach rule (tests/reach.ts), and so is the Draw, Keep or Pass button in every turn,
// tapped or not.

/** the first deal of a seeded match: every action after the starter chosen at setup */
function firstDeal(seed: number) {
	const [input] = fc.sample(matchInput, { seed, numRuns: 1 });
	const run = legalMatch({ ...input, typeTotals: false, houseRuleWinnerStarts: false });
	const steps = run.steps.filter((step) => step.before.deal === 1 && step.action.type !== 'start');
	return { start: input.start, steps };
}

const doubled = (tile: readonly [number, number]) => tile[0] === tile[1];

/** what makes the deal hard to lay out, checked before a tap is spent on it */
function hardStates(steps: Step[]) {
	const draws = steps.flatMap((step, at) => (step.action.type === 'draw' ? [at] : []));
	return {
		longest: Math.max(...steps.map((step) => step.after.line.length)),
		draws: draws.length,
		lastDraw: (draws.at(-1) ?? 0) / steps.length,
		passes: steps.filter((step) => step.action.type === 'pass').length,
		bothEndsDoubled: steps.some(({ after: { line } }) => {
			return line.length > 1 && doubled(line[0]) && doubled(line.at(-1)!);
		})
	};
}

const TABLES = [
	// late draws: the boneyard's last tile drawn four fifths into the deal, the line ends 0|0 … 0|0
	{ lang: 'en', seed: 51, names: ['Ana', 'Ben', 'Cleo', 'Dee'] },
	// names of 14 to 17 letters (each wraps on its seat and in the turn's heading), a line of 22
	// with 6|6 at both ends, eight passes: the empty boneyard's reason under a two-line heading
	// once pushed the box's lowest row past 640 px (the turn's words now keep one tap's height)
	{
		lang: 'fr',
		seed: 30,
		names: ['Marie-Christianne', 'Jean-Baptistine', 'Anne-Charlotte', 'Maximilien']
	},
	// the longest line: 25 tiles
	{ lang: 'en', seed: 14, names: ['Marie-Christianne', 'Jean-Baptistine', 'Anne-Charlotte', 'Max'] }
] as const;

for (const { lang, seed, names } of TABLES)
	test.describe(`a dominoes deal's hard states, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		test.describe.configure({ timeout: 240_000 });

		test(`seed ${seed}: long line, late draws, doubled ends, every tap in reach (${lang})`, async ({
			page
		}) => {
			const { start, steps } = firstDeal(seed);
			const hard = hardStates(steps);
			expect(hard.longest).toBeGreaterThanOrEqual(17);
			expect(hard.draws).toBe(4);
			expect(hard.lastDraw).toBeGreaterThanOrEqual(0.5);
			expect(hard.passes).toBeGreaterThan(0);
			expect(hard.bothEndsDoubled).toBe(true);
			// a deal that goes out ends with the count, a blocked one with the last pass
			expect(['count', 'pass']).toContain(steps.at(-1)!.action.type);

			await startMatch(page, 'Pass-Pass', [...names], {
				start: names[start],
				french: lang === 'fr'
			});
			const thumb = new Thumb(page);
			const act = page.getByTestId('turn').locator('[data-act]');
			for (const [at, step] of steps.entries()) {
				// the turn's Draw, Keep or Pass, in reach whether the turn taps it or a tile
				if (step.before.phase === 'play' && step.before.line.length > 0) {
					await thumb.look(act, `${step.action.type === 'play' ? 'unused ' : ''}act button`);
				}
				// and the box's lowest tile, 6-6: any tile may be the one a hand plays next
				if (step.before.phase === 'play') {
					await thumb.look(page.getByTestId('turn').locator('[data-tile="6-6"]'), '6-6 in the box');
				}
				const what =
					step.action.type === 'play' ? `play ${tileKey(step.action.tile)}` : step.action.type;
				await thumb.entry(step.action.type, async () => {
					await dominoesAction(page, thumb, step);
				});
				await logged(page, at + 1).catch((error) => {
					throw new Error(`${what} (step ${at + 1}) was not saved: ${error}`);
				});
			}
			await expect(page.getByTestId('turn')).toBeVisible();
			console.log(thumb.report(`dominoes deal seed ${seed} ${lang}`));
			thumb.expectAllInReach(`dominoes deal seed ${seed} ${lang}`);
		});
	});
