import { afterEach, describe, expect, it } from 'vitest';
import type { ScoreSheet } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { card, run, set, start } from '$lib/rules/pass-pass/test-helpers';
import type { PassPassState } from '$lib/rules/pass-pass';
import { announce } from '$lib/games/pass-pass/announce';
import { ui } from '$lib/games/pass-pass/ui';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { summarize } from '$lib/db/summary';
import { resultText, sheetCsv } from './export';
import { verdict } from './verdict';

/** Six players in two teams of three: team 1 is Ana, Cleo and Eve; team 2 Hugo, Jules and Léa. */
const NAMES = ['Ana', 'Hugo', 'Cleo', 'Jules', 'Eve', 'Léa'];
const original = getLocale;
afterEach(() => overwriteGetLocale(original));

/** Round 1 written: Ana's one tick for team 1, Hugo's two for team 2. */
function roundOneWritten(): PassPassState {
	return run(
		start(6, '2x3'),
		{ type: 'won', seat: 1, cards: [...set(1), ...set(2)] },
		{ type: 'won', seat: 0, cards: set(3) },
		{ type: 'endRound' },
		{ type: 'teamPick', team: 0, seat: 0 },
		{ type: 'teamPick', team: 1, seat: 1 }
	);
}

/** Every record of a finished state, as the match screen makes them. */
function records(state: PassPassState) {
	const rules = RULES['pass-pass'];
	const summary = summarize(rules, state);
	const said = verdict(
		{ game: 'pass-pass', status: summary.status, result: summary.result },
		NAMES
	);
	const sheet = rules.sheet(state);
	const heading = { game: 'Pass Pass', date: '26/11/2026', players: NAMES, verdict: said };
	const csv = sheetCsv(sheet, NAMES, ui.rowLabel, 'Total', undefined, heading);
	return { said, csv, text: resultText('Pass Pass', sheet, NAMES, said) };
}

describe("docs/rulings.md, Pass Pass 11: a team's record shows the ticks written for the team", () => {
	it("Jules's tick takes team 2 to 3: the verdict, the share text and the CSV say 3 for the team", () => {
		const state = run(roundOneWritten(), { type: 'won', seat: 3, cards: set(4) });
		const { said, csv, text } = records(state);
		const line = 'Pass Pass ticks: Ana, Cleo, and Eve 1; Hugo, Jules, and Léa 3.';
		expect(said.ticksLine).toBe(line);
		expect(text.split('\n').slice(0, 3)).toEqual([
			'Pass Pass: Hugo, Jules, and Léa win!',
			"Won by a third Pass Pass: the match ends at once, and that round's points are not counted.",
			line
		]);
		expect(csv).toContain('Pass Pass ticks,"Ana, Cleo, and Eve 1; Hugo, Jules, and Léa 3"');
		// docs/rulings.md, Pass Pass 8: the round of the third tick is named, and left blank
		expect(csv).toContain('\r\nRound 1,4,8\r\n"Round 2, not counted",,\r\nTotal,4,8\r\n');
	});

	it('in French: the team ticks and the round not counted, with French spacing', () => {
		overwriteGetLocale(() => 'fr');
		const state = run(roundOneWritten(), { type: 'won', seat: 3, cards: set(4) });
		const { said, csv } = records(state);
		expect(said.ticksLine).toBe(
			'Pass Pass cochés\u202f: Ana, Cleo et Eve 1\u202f; Hugo, Jules et Léa 3.'
		);
		expect(csv).toContain('\r\nManche 1;4;8\r\nManche 2, non comptée;;\r\nTotal;4;8\r\n');
	});

	it('a round that ends with a member’s tick: the news counts it for the team until the team writes', () => {
		// round 1: Ana 16 cards and no set; Hugo's 24th card of the round is his second tick
		const values = [1, 2, 3, 4, 5, 6, 7, 8];
		const before = run(
			start(6, '2x3'),
			{
				type: 'won',
				seat: 0,
				cards: values.flatMap((value) => [card('purple', value), card('blue', value)])
			},
			{
				type: 'won',
				seat: 1,
				cards: [...set(11), card('purple', 12), card('blue', 12), card('green', 12)]
			}
		);
		const action = { type: 'won', seat: 1, cards: [card('yellow', 12)] } as const;
		const news = announce(action, before, run(before, action), NAMES);
		expect(news.text).toContain('Hugo ticks a Pass Pass! Team 2: 2 of 3.');
	});
});

describe('the share text lists the winner first, as the final standing does', () => {
	it('Dan and Alice on 53 points, Dan wins on ticks: "Dan 53" comes first', () => {
		const sheet: ScoreSheet = {
			sides: [{ seats: [0] }, { seats: [1] }, { seats: [2] }, { seats: [3] }],
			rows: [{ label: { code: 'round', params: { round: 1 } }, cells: [53, 20, 31, 53] }],
			totals: [53, 20, 31, 53],
			lowerWins: false
		};
		const names = ['Alice', 'Bob', 'Chloé', 'Dan'];
		const said = { winnerLine: 'Dan wins!', why: '', ticksLine: '', winnerSides: [3] };
		expect(resultText('Pass Pass', sheet, names, said).split('\n').slice(1, 5)).toEqual([
			'Dan 53',
			'Alice 53',
			'Chloé 31',
			'Bob 20'
		]);
	});
});
