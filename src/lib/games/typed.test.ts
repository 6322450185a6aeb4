import { describe, expect, expectTypeOf, it } from 'vitest';
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
 * directive would be unused and the check would fail. The functions are never called.
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

describe('a match session is typed by its game', () => {
	it('its state is the game state and its actions are the game actions (checked by npm run check)', () => {
		const checked = [enterPassPass, enterDominoes, enterClimbing, enterIllPass];
		expect(checked.every((enter) => typeof enter === 'function')).toBe(true);
	});
});
