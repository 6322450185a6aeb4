import { describe, expect, it } from 'vitest';
import { fold } from '../common/testing';
import { climbing } from './index';
import {
	awaitingStart,
	check,
	gameNumber,
	lastGame,
	leader,
	roundNumber,
	sheet
} from './selectors';
import type { ClimbingAction, ClimbingState, Rank } from './types';

const run = (state: ClimbingState, ...actions: ClimbingAction[]) =>
	fold(climbing, state, ...actions);
const shown = (text: string) => text.split(' ') as Rank[];
const begun = run(climbing.setup(climbing.defaultConfig(3), 3), { type: 'start', seat: 1 });

describe('check: a play previewed before it is confirmed', () => {
	it('leading: names the set and finds nothing to beat', () => {
		const preview = check(begun, {
			values: shown('9 9 9 4 4'),
			cards: 5,
			upgrade: false,
			augment: 0
		});
		expect(preview).toMatchObject({
			set: { type: 'fullHouse', rank: '9' },
			name: { code: 'set-fullHouse', params: { rank: '9' } },
			label: 'full house, nines',
			table: null,
			beats: true,
			augmentPrice: null,
			cost: 0,
			refusal: null
		});
	});

	it('says why not, without changing the state', () => {
		const state = run(begun, {
			type: 'play',
			seat: 1,
			values: shown('J J'),
			cards: 2,
			upgrade: false,
			augment: 0
		});
		const lower = check(state, { values: shown('9 9'), cards: 2, upgrade: true, augment: 0 });
		expect(lower).toMatchObject({
			beats: false,
			equal: false,
			cost: 1,
			refusal: { code: 'does-not-beat', params: { type: 'pair', rank: 'J' } }
		});
		const equal = check(state, { values: shown('J J'), cards: 1, upgrade: true, augment: 1 });
		expect(equal).toMatchObject({ equal: true, augmentPrice: 1, cost: 2 });
		expect(equal.refusal).toEqual({ code: 'not-enough-tokens', params: { have: 1, need: 2 } });
		expect(
			check(state, { values: shown('2 3'), cards: 2, upgrade: false, augment: 0 })
		).toMatchObject({
			set: null,
			label: null,
			refusal: { code: 'not-a-set' }
		});
	});

	it('checks another seat when asked', () => {
		const preview = check(begun, {
			seat: 0,
			values: shown('5'),
			cards: 1,
			upgrade: false,
			augment: 0
		});
		expect(preview.refusal).toEqual({ code: 'not-your-turn', params: { seat: 0, turn: 1 } });
	});
});

describe('table counters', () => {
	it('round, game, leader and the waiting start', () => {
		expect(awaitingStart(climbing.setup(climbing.defaultConfig(3), 3))).toBe(true);
		expect(awaitingStart(begun)).toBe(false);
		expect([roundNumber(begun), gameNumber(begun), leader(begun)]).toEqual([1, 1, 1]);
	});

	it('the sheet has a row per finished game and the totals', () => {
		const state: ClimbingState = {
			...begun,
			phase: 'start',
			games: [
				{ winner: 1, cardsLeft: [4, 0, 2], awarded: [0, 1, 0], rounds: 7 },
				{ winner: 2, cardsLeft: [3, 5, 0], awarded: [0, 0, 1], rounds: 5 }
			]
		};
		expect(gameNumber(state)).toBe(3);
		expect(sheet(state)).toEqual({
			sides: [{ seats: [0] }, { seats: [1] }, { seats: [2] }],
			rows: [
				{ label: { code: 'sheet-game', params: { game: 1 } }, cells: [0, 1, 0] },
				{ label: { code: 'sheet-game', params: { game: 2 } }, cells: [0, 0, 1] }
			],
			totals: [0, 1, 1],
			lowerWins: false
		});
	});
});

describe('lastGame: what the screen announces between games', () => {
	const play = (seat: number, values: string, cards: number): ClimbingAction => ({
		type: 'play',
		seat,
		values: shown(values),
		cards,
		upgrade: false,
		augment: 0
	});
	const pass = (seat: number): ClimbingAction => ({ type: 'pass', seat });

	it('is null until a game ends', () => {
		expect(lastGame(begun)).toBeNull();
	});

	it('advanced: equal cards left, the seat closer clockwise to the winner takes the 2', () => {
		// Seat 2 wins; seats 0 and 1 keep 13 cards each; seat 0 is next clockwise from seat 2.
		let state = climbing.setup({ mode: 'advanced', tokens: 40 }, 3);
		state = run(
			state,
			{ type: 'start', seat: 2 },
			play(2, '2 2 2 2 2', 5),
			pass(0),
			pass(1),
			play(2, '3 4 5 6 7', 5),
			pass(0),
			pass(1),
			play(2, '9 9 9', 3)
		);
		expect(lastGame(state)).toEqual({
			game: 1,
			winner: 2,
			cardsLeft: [13, 13, 0],
			awarded: [2, 1, 4],
			tie: { first: 0, second: 1, cards: 13 },
			tieForOne: null
		});
	});

	it('advanced: equal cards left decide the 1 too, and the result says so', () => {
		// Seat 3 wins; seats 0, 1 and 2 keep 13 each: 0 takes the 2, 1 the 1, 2 nothing.
		const state = run(
			climbing.setup({ mode: 'advanced', tokens: 40, starter: 3 }, 4),
			play(3, '2 2 2 2 2', 5),
			pass(0),
			pass(1),
			pass(2),
			play(3, '3 4 5 6 7', 5),
			pass(0),
			pass(1),
			pass(2),
			play(3, '9 9 9', 3)
		);
		expect(lastGame(state)).toMatchObject({
			awarded: [2, 1, 0, 4],
			tie: { first: 0, second: 1, cards: 13 },
			tieForOne: { first: 1, second: 2, cards: 13 }
		});
	});

	it('no tie when the cards left differ, and none in basic', () => {
		const advanced = run(
			climbing.setup({ mode: 'advanced', tokens: 40 }, 3),
			{ type: 'start', seat: 2 },
			play(2, '2', 1),
			play(0, '5', 1),
			pass(1),
			pass(2),
			play(0, '2 2 2 2 2', 5),
			pass(1),
			pass(2),
			play(0, '3 4 5 6 7', 5),
			pass(1),
			pass(2),
			play(0, '9 9', 2)
		);
		expect(lastGame(advanced)).toMatchObject({ awarded: [4, 1, 2], tie: null });
		const basic = run(
			begun,
			play(1, '2 2 2 2 2', 5),
			pass(2),
			pass(0),
			play(1, '3 4 5 6 7', 5),
			pass(2),
			pass(0),
			play(1, '9 9 9', 3)
		);
		expect(lastGame(basic)).toMatchObject({ awarded: [0, 1, 0], tie: null, tieForOne: null });
	});
});

describe('config', () => {
	it('refuses player counts and boxes it cannot play', () => {
		expect(climbing.checkConfig(climbing.defaultConfig(2), 2)).toBeNull();
		expect(climbing.checkConfig(climbing.defaultConfig(6), 6)).toMatchObject({
			code: 'players-range'
		});
		expect(climbing.checkConfig({ mode: 'fast' } as never, 3)).toEqual({ code: 'bad-option' });
		expect(climbing.checkConfig({ mode: 'basic', tokens: 2 }, 3)).toEqual({
			code: 'bad-token-count',
			params: { min: 3 }
		});
	});
});

describe("players' statistics: games won", () => {
	it('counts per seat the games it went out first, in either mode', () => {
		const state: ClimbingState = {
			...climbing.setup({ mode: 'advanced', tokens: 40 }, 3),
			phase: 'start',
			games: [
				{ winner: 1, cardsLeft: [4, 0, 2], awarded: [1, 4, 2], rounds: 7 },
				{ winner: 2, cardsLeft: [3, 5, 0], awarded: [2, 1, 4], rounds: 5 },
				{ winner: 1, cardsLeft: [3, 0, 1], awarded: [1, 4, 2], rounds: 6 }
			]
		};
		expect(climbing.feats?.map((feat) => [feat.id, feat.aggregate, feat.value(state)])).toEqual([
			['games-won', 'sum', [0, 2, 1]]
		]);
	});
});
