import { describe, expect, it } from 'vitest';
import { dealRows, dominoes, lastEffect, nextStarter, totals, turn } from './index';
import { block, playTile, refusal, run, started } from './testing';
import type { DealRecord, DominoesState } from './types';

/** A domino by `seat` at once: it holds one tile, the losers two tiles counted as `total`. */
function domino(state: DominoesState, seat: number, total: number): DominoesState {
	const sizes = [2, 2, 2, 2].map((size, other) => (other === seat ? 1 : size));
	const ready = { ...state, seat, handSizes: sizes, phase: 'play' as const };
	return run(ready, playTile([0, 1]), { type: 'count', total });
}

const record = (fields: Partial<DealRecord>): DealRecord => ({
	starter: 0,
	wentOut: null,
	points: [0, 0],
	counted: null,
	handSizes: [1, 1, 1, 1],
	...fields
});

describe('docs/rulings.md, Pass-Pass 8: later deals start to the left of the previous starter', () => {
	it('rotates clockwise deal after deal, whoever won', () => {
		let state = started(2);
		state = domino(state, 1, 10);
		expect(state.starter).toBe(3);
		expect(turn(state)).toBe(3);
		state = block(state);
		expect(state.starter).toBe(0);
		state = domino(state, 2, 10);
		expect(state.starter).toBe(1);
	});

	it('the new deal is dealt afresh: 6 each, 4 in the boneyard, an empty line', () => {
		const state = domino(started(0), 0, 10);
		expect(state).toMatchObject({ deal: 2, line: [], handSizes: [6, 6, 6, 6], boneyard: 4 });
		expect(state.lastPlay).toBeNull();
	});
});

describe('docs/rulings.md, Pass-Pass 8, house rule: the winner of the previous deal starts', () => {
	const house = { houseRuleWinnerStarts: true };

	it('after a domino, the seat that went out', () => {
		expect(domino(started(0, true), 3, 10).starter).toBe(3);
		expect(domino(started(0, true), 0, 10).starter).toBe(0);
	});

	it("after a block, the winning team's seat with fewer tiles", () => {
		const state = { ...started(0, true), config: house };
		expect(nextStarter(state, record({ points: [3, 5], handSizes: [2, 2, 1, 3] }))).toBe(2);
		expect(nextStarter(state, record({ points: [5, 3], handSizes: [2, 2, 1, 1] }))).toBe(3);
	});

	it('partners tied: the seat the base rule names, whichever team it is on', () => {
		const state = { ...started(0, true), config: house };
		// team 1 (seats 1 and 3) scored less, both hold 2 tiles
		const tied = record({ starter: 2, points: [6, 4], handSizes: [3, 2, 3, 2] });
		expect(nextStarter(state, tied)).toBe(3);
		expect(nextStarter(state, { ...tied, starter: 0 })).toBe(1);
		// the usual next starter (left of seat 1) is seat 2, of the team that scored more
		expect(nextStarter(state, { ...tied, starter: 1 })).toBe(2);
		expect(nextStarter(state, { ...tied, starter: 3 })).toBe(0);
	});

	it('teams tied after a block: the usual rotation', () => {
		const state = { ...started(0, true), config: house };
		expect(nextStarter(state, record({ starter: 1, points: [4, 4] }))).toBe(2);
	});

	it('through the reducer: a blocked deal started by seat 0', () => {
		// block(): 0 plays, 1,2,3,0 draw: sizes [6,7,7,7], team 0 has 13 < 14
		const state = block(started(0, true));
		expect(state.deals[0].points).toEqual([13, 14]);
		expect(state.starter).toBe(0);
	});

	it('the default is the rotation', () => {
		expect(dominoes.defaultConfig(4)).toEqual({ houseRuleWinnerStarts: false });
		expect(domino(started(0), 3, 10).starter).toBe(1);
	});
});

describe('rulebook: the lower total after 7 deals wins; docs/rulings.md: equal totals share', () => {
	function match(totalsByDeal: [number, number][]): DominoesState {
		let state = started(0);
		for (const [team0, team1] of totalsByDeal) {
			// the team that scores 0 went out; seat 0 for team 0, seat 1 for team 1
			state = team0 === 0 ? domino(state, 0, team1) : domino(state, 1, team0);
		}
		return state;
	}

	it('is not over after 6 deals', () => {
		const state = match(Array(6).fill([0, 10]));
		expect(state.deal).toBe(7);
		expect(dominoes.outcome(state)).toBeNull();
	});

	it('after deal 7 the lower total wins', () => {
		const state = match([
			[0, 10],
			[0, 10],
			[20, 0],
			[0, 8],
			[0, 8],
			[0, 8],
			[0, 8]
		]);
		expect(state.phase).toBe('over');
		expect(totals(state)).toEqual([20, 52]);
		expect(dominoes.outcome(state)).toEqual({
			winners: [0],
			shared: false,
			reason: 'lowest-total'
		});
		expect(turn(state)).toBeNull();
		expect(dominoes.apply(state, { type: 'draw' })).toEqual({
			ok: false,
			refusal: { code: 'game-over' }
		});
	});

	it('team 1 can win', () => {
		const state = match([[30, 0], [30, 0], ...Array(5).fill([0, 8])]);
		expect(totals(state)).toEqual([60, 40]);
		expect(dominoes.outcome(state)).toMatchObject({ winners: [1], shared: false });
	});

	it('equal totals share the victory', () => {
		const six = match([
			[8, 0],
			[0, 7],
			[0, 10],
			[10, 0],
			[0, 12],
			[12, 0]
		]);
		const state = block(six); // deal 7 started by seat 2: [6+7, 7+7]
		expect(totals(state)).toEqual([43, 43]);
		expect(dominoes.outcome(state)).toEqual({
			winners: [0, 1],
			shared: true,
			reason: 'lowest-total'
		});
	});

	it('the sheet has the two teams and one row a deal, unplayed deals empty', () => {
		const state = match([
			[0, 10],
			[20, 0]
		]);
		const sheet = dominoes.sheet(state);
		expect(sheet.sides).toEqual([{ seats: [0, 2] }, { seats: [1, 3] }]);
		expect(sheet.rows).toHaveLength(7);
		expect(sheet.rows[1]).toEqual({
			label: { code: 'sheet-deal', params: { deal: 2 } },
			cells: [20, 0]
		});
		expect(sheet.rows[2].cells).toEqual([null, null]);
		expect(sheet.totals).toEqual([20, 10]);
		expect(sheet.lowerWins).toBe(true);
		expect(dealRows(state).slice(0, 3)).toEqual([[0, 10], [20, 0], null]);
	});
});

describe('docs/rulings.md, Pass-Pass 7: a domino; the losers count their tiles', () => {
	// seat 0 holds one tile, team 1 holds 3 + 2 tiles
	const last: DominoesState = {
		...run(started(0), playTile([1, 2])),
		seat: 0,
		handSizes: [1, 3, 4, 2]
	};
	const out = run(last, playTile([2, 3]));

	it('playing the last tile ends the deal and waits for the count', () => {
		expect(out.phase).toBe('count');
		expect(out.wentOut).toBe(0);
		expect(turn(out)).toBeNull();
		expect(refusal(out, { type: 'draw' })).toEqual({ code: 'count-first' });
	});

	it('even when the last tile gives a bonus turn', () => {
		const bonus = run(last, playTile([2, 4])); // ends 1+4
		expect(lastEffect(bonus)).toBe('again');
		expect(bonus.phase).toBe('count');
	});

	it("the losers' tiles picked from the unseen tiles give their spots", () => {
		const tiles = [
			[6, 6],
			[0, 0],
			[5, 4],
			[1, 1],
			[0, 3]
		] as const;
		const next = run(out, { type: 'count', tiles: [...tiles] });
		expect(next.deals[0]).toMatchObject({ wentOut: 0, points: [0, 26], counted: tiles });
		expect(next.deal).toBe(2);
		expect(next.phase).toBe('play');
	});

	it('a typed total', () => {
		expect(run(out, { type: 'count', total: 31 }).deals[0].points).toEqual([0, 31]);
	});

	it.each([
		[{ tiles: [[6, 6]] }, { code: 'count-wrong-number', params: { expected: 5, given: 1 } }],
		[{ tiles: [[2, 1]] }, { code: 'tile-on-line', params: { tile: '1-2' } }],
		[
			{
				tiles: [
					[6, 6],
					[6, 6]
				]
			},
			{ code: 'tile-twice', params: { tile: '6-6' } }
		],
		[{ tiles: [[6, 9]] }, { code: 'tile-out-of-range', params: { tile: '6-9' } }],
		[{ tiles: 'all' }, { code: 'malformed-action' }],
		[{}, { code: 'count-tiles-or-total' }],
		[{ total: 3 }, { code: 'total-out-of-range', params: { total: '3', min: 8, max: 52 } }],
		[{ total: 53 }, { code: 'total-out-of-range', params: { total: '53', min: 8, max: 52 } }],
		[{ total: 7.5 }, { code: 'total-not-whole', params: { total: '7.5' } }],
		[{ total: 40.5 }, { code: 'total-not-whole', params: { total: '40.5' } }],
		[{ total: '12' }, { code: 'malformed-action' }],
		[
			{
				tiles: [
					[6, 6],
					[0, 0],
					[5, 4],
					[1, 1],
					[0, 3]
				],
				total: 25
			},
			{ code: 'count-mismatch', params: { total: '25', counted: 26 } }
		]
	])('refuses %j', (fields, expected) => {
		expect(refusal(out, { type: 'count', ...fields } as never)).toEqual(expected);
	});

	it('there is nothing to count during play', () => {
		expect(refusal(last, { type: 'count', total: 5 })).toEqual({ code: 'nothing-to-count' });
	});
});
