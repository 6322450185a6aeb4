import { describe, expect, it } from 'vitest';
import { dominoes, lastEffect, turn } from './index';
import { block, emptyBoneyard, playTile, refusal, run, started } from './testing';

describe('docs/rulings.md, Pass-Pass 8: deal 1 waits for the lots', () => {
	const fresh = dominoes.setup({ houseRuleWinnerStarts: false }, 4);

	it('nobody plays before the starter is chosen', () => {
		expect(fresh.phase).toBe('start');
		expect(turn(fresh)).toBeNull();
		expect(refusal(fresh, playTile([1, 2]))).toEqual({ code: 'choose-starter-first' });
		expect(refusal(fresh, { type: 'draw' })).toEqual({ code: 'choose-starter-first' });
	});

	it('the drawn seat plays first; it cannot be chosen twice', () => {
		const state = run(fresh, { type: 'start', seat: 2 });
		expect(turn(state)).toBe(2);
		expect(state.starter).toBe(2);
		expect(refusal(state, { type: 'start', seat: 1 })).toEqual({ code: 'starter-already-chosen' });
	});

	it('a starter chosen at setup plays first at once: nobody is asked again', () => {
		const state = dominoes.setup({ houseRuleWinnerStarts: false, starter: 3 }, 4);
		expect(turn(state)).toBe(3);
		expect(state.starter).toBe(3);
		expect(refusal(state, { type: 'start', seat: 1 })).toEqual({ code: 'starter-already-chosen' });
		expect(dominoes.checkConfig({ houseRuleWinnerStarts: false, starter: 4 }, 4)).toEqual({
			code: 'bad-option'
		});
	});

	it.each([4, -1, 1.5, '1', null])('refuses seat %j', (seat) => {
		expect(refusal(fresh, { type: 'start', seat: seat as number })).toMatchObject({
			code: 'bad-seat'
		});
	});
});

describe('rulebook: 6 tiles each, 4 in the boneyard; the first tile is any tile', () => {
	it('deals 6 tiles a seat and 4 to the boneyard', () => {
		const state = started();
		expect(state.handSizes).toEqual([6, 6, 6, 6]);
		expect(state.boneyard).toBe(4);
	});

	it('the first tile needs no end and counts one tile less', () => {
		const state = run(started(1), playTile([3, 6]));
		expect(state.line).toEqual([[3, 6]]);
		expect(state.handSizes).toEqual([6, 5, 6, 6]);
		expect(state.lastPlay).toEqual({ seat: 1, tile: [3, 6], end: null, effect: 'normal' });
		expect(turn(state)).toBe(2);
	});

	it('the first tile cannot be drawn for or passed', () => {
		expect(refusal(started(), { type: 'draw' })).toEqual({ code: 'play-first-tile' });
		expect(refusal(started(), { type: 'pass' })).toEqual({ code: 'play-first-tile' });
	});
});

describe('rulebook: a tile joins one end so that the touching halves match', () => {
	const state = run(started(), playTile([2, 4])); // seat 1 to play, ends 2 and 4

	it('turns the tile to fit the chosen end', () => {
		expect(run(state, playTile([6, 4], 'right')).line).toEqual([
			[2, 4],
			[4, 6]
		]);
		expect(run(state, playTile([2, 6], 'left')).line).toEqual([
			[6, 2],
			[2, 4]
		]);
	});

	it('needs no end when only one end matches', () => {
		expect(run(state, playTile([0, 4])).line).toEqual([
			[2, 4],
			[4, 0]
		]);
		expect(run(state, playTile([0, 4])).lastPlay?.end).toBe('right');
	});

	it('refuses a tile that does not match the chosen end, with the end and its number', () => {
		expect(refusal(state, playTile([0, 4], 'left'))).toEqual({
			code: 'tile-does-not-match',
			params: { tile: '0-4', end: 'left', number: 2 }
		});
	});

	it('refuses a tile that matches neither end', () => {
		expect(refusal(state, playTile([0, 5]))).toEqual({
			code: 'tile-fits-no-end',
			params: { tile: '0-5', left: 2, right: 4 }
		});
	});

	it('asks for the end when both ends match', () => {
		const wide = run(state, playTile([4, 6], 'right')); // ends 2 and 6
		expect(refusal(wide, playTile([6, 2]))).toEqual({
			code: 'choose-end',
			params: { tile: '6-2', left: 2, right: 6 }
		});
	});

	it('refuses a tile already on the line, in either orientation', () => {
		const next = run(state, playTile([4, 4]));
		expect(refusal(next, playTile([4, 2], 'right'))).toEqual({
			code: 'tile-on-line',
			params: { tile: '2-4' }
		});
	});

	it.each([
		[[1, 7], 'tile-out-of-range'],
		[[-1, 2], 'tile-out-of-range'],
		[[1, 2, 3], 'malformed-action'],
		['1-2', 'malformed-action'],
		[undefined, 'malformed-action']
	])('refuses tile %j with %s', (tile, code) => {
		expect(refusal(state, { type: 'play', tile } as never)).toMatchObject({ code });
	});

	it('refuses an unknown end and an unknown action', () => {
		expect(refusal(state, { type: 'play', tile: [4, 0], end: 'top' } as never)).toMatchObject({
			code: 'malformed-action'
		});
		expect(refusal(state, { type: 'flip' } as never)).toEqual({ code: 'malformed-action' });
		expect(refusal(state, null as never)).toEqual({ code: 'malformed-action' });
	});

	it('refuses a play by a seat with no tiles', () => {
		const empty = { ...state, handSizes: [6, 0, 6, 6] };
		expect(refusal(empty, playTile([4, 0]))).toEqual({ code: 'hand-empty', params: { seat: 1 } });
	});
});

describe('docs/rulings.md, Pass-Pass 3: a sum of 5 or 10 gives the same player another turn', () => {
	it('[0-4] then [4-5]: ends 0+5, seat 1 plays again', () => {
		const state = run(started(), playTile([0, 4]), playTile([4, 5]));
		expect(lastEffect(state)).toBe('again');
		expect(turn(state)).toBe(1);
	});
});

describe('docs/rulings.md, Pass-Pass 4: identical ends or a sum of 7 skip to the partner', () => {
	it('[5-4] then [4-2]: 5+2=7, seat 1 is skipped, seat 2 plays', () => {
		const state = run(started(), playTile([5, 4]), playTile([4, 2]));
		expect(lastEffect(state)).toBe('skip');
		expect(turn(state)).toBe(3);
	});

	it('a lone double skips: the starter partner plays next', () => {
		const state = run(started(3), playTile([6, 6]));
		expect(turn(state)).toBe(1);
	});
});

describe('docs/rulings.md, Pass-Pass 5: both at once is a bonus turn; a stuck bonus turn moves on normally', () => {
	it('a lone [5-5]: the same seat plays again, nobody is skipped', () => {
		const state = run(started(2), playTile([5, 5]));
		expect(lastEffect(state)).toBe('again');
		expect(turn(state)).toBe(2);
	});

	it('on a bonus turn a player who cannot play draws, keeps, and the next seat plays', () => {
		const state = run(started(2), playTile([5, 5]), { type: 'draw' }, { type: 'keep' });
		expect(turn(state)).toBe(3);
		expect(state.handSizes).toEqual([6, 6, 6, 6]);
	});

	it('with the boneyard empty, a stuck bonus turn passes to the next seat', () => {
		let state = emptyBoneyard(run(started(0), playTile([0, 1]))); // seats 1,2,3,0 drew
		state = run(state, playTile([1, 4])); // seat 1: ends 0 and 4, normal
		state = run(state, playTile([4, 5])); // seat 2: ends 0 and 5: again
		expect(turn(state)).toBe(2);
		expect(turn(run(state, { type: 'pass' }))).toBe(3);
	});
});

describe('docs/rulings.md, Pass-Pass 6: cannot play: draw one tile, then play it or keep it', () => {
	const state = run(started(), playTile([2, 4]));

	it('a draw moves one tile from the boneyard to the hand; the same seat continues', () => {
		const drawn = run(state, { type: 'draw' });
		expect(drawn.boneyard).toBe(3);
		expect(drawn.handSizes).toEqual([5, 7, 6, 6]);
		expect(turn(drawn)).toBe(1);
		expect(refusal(drawn, { type: 'keep' })).toBeNull();
		expect(refusal(drawn, { type: 'pass' })).toEqual({ code: 'keep-or-play' });
	});

	it('only one draw a turn', () => {
		expect(refusal(run(state, { type: 'draw' }), { type: 'draw' })).toEqual({
			code: 'already-drawn'
		});
	});

	it('the drawn tile may be played at once', () => {
		const played = run(state, { type: 'draw' }, playTile([4, 6])); // ends 2+6
		expect(played.handSizes).toEqual([5, 6, 6, 6]);
		expect(played.drawn).toBe(false);
		expect(turn(played)).toBe(2);
	});

	it('keep passes the turn clockwise and needs a draw first', () => {
		expect(refusal(state, { type: 'keep' })).toEqual({ code: 'draw-first' });
		expect(turn(run(state, { type: 'draw' }, { type: 'keep' }))).toBe(2);
	});

	it('no pass while the boneyard holds tiles', () => {
		expect(refusal(state, { type: 'pass' })).toEqual({
			code: 'boneyard-not-empty',
			params: { boneyard: 4 }
		});
	});

	it('after drawing the last tile the player keeps or plays, not passes', () => {
		const last = run({ ...state, boneyard: 1 }, { type: 'draw' });
		expect(refusal(last, { type: 'pass' })).toEqual({ code: 'keep-or-play' });
	});

	it('with the boneyard empty: no draw, pass instead', () => {
		const empty = emptyBoneyard(state);
		expect(refusal(empty, { type: 'draw' })).toEqual({ code: 'boneyard-empty' });
		expect(refusal(empty, { type: 'keep' })).toEqual({ code: 'draw-first' });
		expect(refusal(empty, { type: 'pass' })).toBeNull();
		expect(turn(run(empty, { type: 'pass' }))).toBe(2);
	});
});

describe('docs/rulings.md, Pass-Pass 7: a blocked deal is four passes in a row, 1 point per tile', () => {
	it('scores the tracked hand sizes and deals again', () => {
		// seat 0 plays [0-1]; seats 1,2,3,0 draw and keep; then four passes
		const state = block(started(0));
		expect(state.deals).toHaveLength(1);
		expect(state.deals[0]).toMatchObject({
			wentOut: null,
			points: [6 + 7, 7 + 7],
			handSizes: [6, 7, 7, 7],
			counted: null
		});
		expect(state.deal).toBe(2);
		expect(state.line).toEqual([]);
		expect(state.handSizes).toEqual([6, 6, 6, 6]);
	});

	it('a tile played between passes starts the count again', () => {
		let state = emptyBoneyard(run(started(0), playTile([0, 1])));
		state = run(state, { type: 'pass' }, { type: 'pass' }, { type: 'pass' }, playTile([1, 3]));
		state = run(state, { type: 'pass' }, { type: 'pass' }, { type: 'pass' });
		expect(state.deal).toBe(1);
		expect(state.passes).toBe(3);
		expect(run(state, { type: 'pass' }).deal).toBe(2);
	});
});
