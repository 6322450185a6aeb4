import { describe, expect, it } from 'vitest';
import {
	climbing,
	type ClimbingAction,
	type ClimbingConfig,
	type ClimbingState
} from '$lib/rules/climbing';
import { fold } from '$lib/rules/common/testing';
import { ui } from './ui';
import { suggestedStart } from './view';

const NAMES = ['Ana', 'Ben', 'Eve'];

const after = (state: ClimbingState, ...actions: ClimbingAction[]) =>
	fold(climbing, state, ...actions);

describe('PASS words follow the state (docs/rulings.md, PASS 11)', () => {
	const led = () =>
		after(climbing.setup({ mode: 'basic', tokens: 40, starter: 0 }, 3), {
			type: 'play',
			seat: 0,
			values: ['5'],
			cards: 1,
			upgrade: false,
			augment: 0
		});

	it('a pass takes a token while the supply has one', () => {
		expect(ui.describe({ type: 'pass', seat: 1 }, led(), NAMES)).toBe(
			'Ben passed and took a token'
		);
	});

	it('with the supply empty the log says no token was taken', () => {
		const empty = { ...led(), supply: 0 };
		expect(ui.describe({ type: 'pass', seat: 1 }, empty, NAMES)).toBe(
			'Ben passed; the supply is empty, so no token'
		);
	});
});

describe('PASS setup', () => {
	it('the tokens in the box and who holds START 2 come from setup', () => {
		const config = ui.config(
			{ mode: 'advanced', tokens: 30 },
			{ players: 3, start: 2 }
		) as ClimbingConfig;
		expect(config).toEqual({ mode: 'advanced', tokens: 30, starter: 2 });
		expect(climbing.checkConfig(config, 3)).toBeNull();
		expect(climbing.setup(config, 3).supply).toBe(27);
	});

	it('a match stored before setup chose the starter suggests its seat, in the first game only', () => {
		const stored = { mode: 'basic', tokens: 40, start: 1 } as ClimbingConfig;
		const fresh = climbing.setup(stored, 3);
		expect(suggestedStart(fresh)).toBe(1);
		const secondGame = { ...fresh, games: [{} as ClimbingState['games'][number]] };
		expect(suggestedStart(secondGame)).toBeNull(); // a game was played: no suggestion
		expect(suggestedStart(climbing.setup({ ...stored, start: 5 } as ClimbingConfig, 3))).toBeNull();
		expect(suggestedStart(climbing.setup({ mode: 'basic', tokens: 40 }, 3))).toBeNull();
	});
});

describe('PASS results say why (docs/rulings.md, PASS 9)', () => {
	it.each([
		['points', 'first to 10 points'],
		[
			'points-more',
			'two players reached 10 points in the same game: the one with more points wins'
		],
		[
			'points-game-winner',
			"two players reached 10 points in the same game with equal points: the game's winner wins"
		],
		[
			'points-closer',
			"two players reached 10 points in the same game with equal points: the one closer clockwise to the game's winner wins"
		]
	])('%s', (reason, text) => {
		expect(ui.reason(reason)).toBe(text);
	});

	it('the upgraded AA card refused with other cards says why', () => {
		expect(ui.refusal({ code: 'double-ace-alone' }, NAMES)).toBe(
			'The AA card, upgraded, is played on its own: it cannot be combined with other cards.'
		);
	});
});
