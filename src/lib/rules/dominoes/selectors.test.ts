import { describe, expect, it } from 'vitest';
import {
	boneyardCount,
	countRange,
	dealNumber,
	dominoes,
	ends,
	endChoices,
	endsFor,
	handSizes,
	lastEffect,
	lineTiles,
	phase,
	tileKey,
	unseen
} from './index';
import { block, emptyBoneyard, playTile, run, started } from './testing';

describe('what the match screen reads', () => {
	const state = run(started(), playTile([6, 3]), playTile([3, 3], 'right'));

	it('the line left to right with its doubles, the open ends and their sum', () => {
		expect(lineTiles(state)).toEqual([
			{ tile: [6, 3], double: false },
			{ tile: [3, 3], double: true }
		]);
		expect(ends(state)).toEqual({ left: 6, right: 3, sum: 12, identical: false });
		expect(ends(started())).toBeNull();
	});

	it('the last effect, deal, phase, hand sizes, boneyard', () => {
		expect(lastEffect(started())).toBeNull();
		expect(lastEffect(state)).toBe('normal');
		expect(dealNumber(state)).toBe(1);
		expect(phase(state)).toBe('play');
		expect(handSizes(state)).toEqual([5, 5, 6, 6]);
		expect(boneyardCount(state)).toBe(4);
	});

	it('the unseen tiles: every tile not on the line', () => {
		const list = unseen(state).map(tileKey);
		expect(list).toHaveLength(26);
		expect(list).not.toContain('3-6');
		expect(list).not.toContain('3-3');
		expect(unseen(started())).toHaveLength(28);
	});

	it('where a tile would go', () => {
		expect(endsFor(state, [6, 1])).toEqual(['left']);
		expect(endsFor(state, [3, 6])).toEqual([]); // on the line
		expect(endsFor(state, [1, 2])).toEqual([]);
		expect(endsFor(state, [3, 9] as never)).toEqual([]);
	});

	it('where a tile would go is what the reducer accepts: nowhere before the lots, anywhere first', () => {
		expect(endsFor(dominoes.setup({ houseRuleWinnerStarts: false }, 4), [1, 2])).toEqual([]);
		expect(endsFor(started(), [1, 2])).toEqual(['left', 'right']); // it opens the line
		expect(endsFor(emptyBoneyard(state), [6, 5])).toEqual(['left']);
	});

	it('how many tiles the losers must count after a domino, and the totals they can make', () => {
		const out = run({ ...state, seat: 2, handSizes: [1, 1, 1, 1] }, playTile([3, 0]));
		expect(phase(out)).toBe('count');
		expect(endsFor(out, [6, 6])).toEqual([]); // the losers count: nobody plays
		// two tiles from the 25 unseen: [0-0]+[0-1] .. [6-6]+[5-6]
		expect(countRange(out)).toEqual({ tiles: 2, min: 1, max: 23 });
	});
});

describe('the game definition', () => {
	it('is for exactly 4 players and checks its option', () => {
		expect(dominoes.id).toBe('dominoes');
		expect(dominoes.players).toEqual({ min: 4, max: 4 });
		expect(dominoes.checkConfig({ houseRuleWinnerStarts: true }, 4)).toBeNull();
		expect(dominoes.checkConfig({ houseRuleWinnerStarts: false }, 3)).toMatchObject({
			code: 'players-range'
		});
		expect(dominoes.checkConfig({} as never, 4)).toEqual({ code: 'bad-option' });
	});
});

describe("players' statistics: deals gone out", () => {
	it('counts per seat the deals it ended with a domino, not the blocked ones', () => {
		const state = run(started(), playTile([6, 3]), playTile([3, 3], 'right'));
		const out = run({ ...state, seat: 2, handSizes: [1, 1, 1, 1] }, playTile([3, 0]), {
			type: 'count',
			total: 5
		});
		const blocked = block(out);
		expect(blocked.deals.map((deal) => deal.wentOut)).toEqual([2, null]);
		expect(dominoes.feats?.map((feat) => [feat.id, feat.aggregate, feat.value(blocked)])).toEqual([
			['went-out', 'sum', [0, 0, 1, 0]]
		]);
	});
});

describe('endChoices: what each end would give a tile that fits both', () => {
	it('equal open numbers, one a double: each end says its own sum and effect', () => {
		// [2-2][2-6][6-3][3-2]: both ends show 2, the left one a double (counts 4)
		const state = run(
			started(0),
			playTile([2, 2]),
			playTile([2, 6], 'right'),
			playTile([6, 3]),
			playTile([3, 2], 'right')
		);
		expect(ends(state)).toMatchObject({ left: 2, right: 2 });
		expect(endChoices(state, [2, 5])).toEqual([
			{ end: 'left', number: 2, sum: 7, effect: 'skip', out: false, next: 0 },
			{ end: 'right', number: 2, sum: 9, effect: 'normal', out: false, next: 3 }
		]);
	});

	it('a tile that fits one end or none has no choice to make', () => {
		const state = run(
			started(0),
			playTile([2, 2]),
			playTile([2, 6], 'right'),
			playTile([6, 3]),
			playTile([3, 2], 'right')
		);
		expect(endChoices(state, [6, 6])).toEqual([]);
		expect(endChoices(run(started(0)), [2, 5])).toEqual([]);
	});
});
