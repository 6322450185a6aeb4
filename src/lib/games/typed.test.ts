import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AnyGame } from '$lib/rules/common';
import { climbing } from '$lib/rules/climbing';
import { dominoes } from '$lib/rules/dominoes';
import { illPass } from '$lib/rules/ill-pass';
import { passPass } from '$lib/rules/pass-pass';
import type { ClimbingState } from '$lib/rules/climbing';
import type { DominoesState } from '$lib/rules/dominoes';
import type { IllPassState } from '$lib/rules/ill-pass';
import type { PassPassState } from '$lib/rules/pass-pass';
import type { ClimbingSession } from './climbing/ui';
import type { DominoesSession } from './dominoes/ui';
import type { IllPassSession } from './ill-pass/ui';
import type { PassPassSession } from './pass-pass/ui';

/*
 * Compile-time checks: `npm run check` type-checks this file. Each
 * `@ts-expect-error` line must fail to compile; if the session accepted any action again, the
 * directive would be unused and the check would fail. The test below calls them with a
 * stand-in session, so the reducer judges the same actions at run time.
 */

function enterPassPass(session: PassPassSession) {
	expectTypeOf(session.state).toEqualTypeOf<PassPassState>();
	void session.act({ type: 'endRound' });
	// @ts-expect-error a misspelt action type: Pass Pass has 'endRound'
	void session.act({ type: 'endround' });
	// @ts-expect-error a play needs its card
	void session.act({ type: 'play' });
}

function enterDominoes(session: DominoesSession) {
	expectTypeOf(session.state).toEqualTypeOf<DominoesState>();
	void session.act({ type: 'play', tile: [3, 5], end: 'left' });
	// @ts-expect-error dominoes draw, they do not 'pick'
	void session.act({ type: 'pick' });
	// @ts-expect-error an end is 'left' or 'right'
	void session.check({ type: 'play', tile: [3, 5], end: 'middle' });
}

function enterClimbing(session: ClimbingSession) {
	expectTypeOf(session.state).toEqualTypeOf<ClimbingState>();
	void session.act({ type: 'pass', seat: 1 });
	// @ts-expect-error PASS's pass names the seat that passes
	void session.act({ type: 'pass' });
}

function enterIllPass(session: IllPassSession) {
	expectTypeOf(session.state).toEqualTypeOf<IllPassState>();
	void session.act({ type: 'take' });
	// @ts-expect-error a misspelt action type: I'll Pass has 'take'
	void session.act({ type: 'takes' });
	// @ts-expect-error a revealed card is a number
	void session.act({ type: 'reveal', card: '17' });
}

/** A stand-in session that only records what a screen asks, for the reducer to judge. */
function recorder<S>(state: unknown): { session: S; asked: { type: string }[] } {
	const asked: { type: string }[] = [];
	const record = (action: { type: string }) => (asked.push(action), null);
	const session = {
		state,
		act: async (action: { type: string }) => !record(action),
		check: record
	};
	return { session: session as S, asked };
}

describe('a match session is typed by its game', () => {
	// the types are checked by `npm run check`; at run time the reducer must agree with them:
	// each action the types allow is one the game knows, each one they refuse is refused
	it.each([
		['Pass Pass', passPass, passPass.setup({ start: 0, teams: null }, 3), enterPassPass],
		[
			'Pass-Pass',
			dominoes,
			dominoes.setup({ houseRuleWinnerStarts: false, starter: 0 }, 4),
			enterDominoes
		],
		['PASS', climbing, climbing.setup(climbing.defaultConfig(3), 3), enterClimbing],
		["I'll Pass", illPass, illPass.setup({ start: 0, takerReveals: false }, 3), enterIllPass]
	] as const)('%s: the reducer refuses what the types refuse', (_, game, state, enter) => {
		const { session, asked } = recorder<never>(state);
		enter(session);
		const [allowed, ...refused] = asked.map((action) => (game as AnyGame).apply(state, action));
		expect(asked.length).toBeGreaterThan(1);
		expect(allowed.ok || allowed.refusal.code).not.toBe('malformed-action');
		for (const result of refused) expect(result.ok).toBe(false);
	});
});
