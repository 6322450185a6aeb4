import type { Page } from '@playwright/test';
import type { Thumb } from './reach';
import { randomMatch } from '../src/lib/rules/climbing/simulate';
import type { Step as DominoesStep } from '../src/lib/rules/dominoes/simulate';
import { endsFor, tileKey } from '../src/lib/rules/dominoes';
import type { ClimbingAction } from '../src/lib/rules/climbing';

// How a person enters each game's actions on the match screen, one tap at a time through a
// Thumb (tests/reach.ts): shared by the whole-match tests at the table and the live ones.

/** A seeded stream of numbers for the simulators that take one. */
export function seeded(seed: number) {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

/** The faces a play shows: a doubled face for each value counted twice (cards < values). */
export function facesOf(action: { values: readonly string[]; cards: number }) {
	const values = [...action.values];
	let doubled = values.length - action.cards;
	const faces: { rank: string; doubled: boolean }[] = [];
	while (values.length > 0) {
		const rank = values.shift()!;
		const twin = values.indexOf(rank);
		if (doubled > 0 && twin >= 0) {
			values.splice(twin, 1);
			faces.push({ rank, doubled: true });
			doubled--;
		} else faces.push({ rank, doubled: false });
	}
	return faces.length === action.cards ? faces : null;
}

/**
 * A random whole PASS match whose every play can be shown with real faces (a doubled face
 * shows one value twice), from the first seed at or after `seed` that gives one.
 */
export function enterableMatch(seed: number) {
	for (let tries = seed; ; tries++) {
		const random = seeded(tries);
		const coins = Array.from({ length: 120 }, () => Math.floor(random() * 10_000));
		const run = randomMatch({ players: 3, mode: 'basic', tokens: 40, coins }, 600);
		const enterable = run.actions.every((a) => a.type !== 'play' || facesOf(a) !== null);
		if (enterable && run.states.at(-1)!.phase === 'over') return run;
	}
}

/** One PASS action: who starts, a pass, or a set's faces then Play. */
export async function climbingAction(
	page: Page,
	thumb: Pick<Thumb, 'tap'>,
	action: ClimbingAction
) {
	if (action.type === 'start') {
		return thumb.tap(page.locator(`[data-start="${action.seat}"]`), 'who starts');
	}
	if (action.type === 'pass') return thumb.tap(page.locator('[data-pass]'), 'pass');
	if (action.type === 'tally') throw new Error('the simulator plays sets, never a score-pad game');
	for (const face of facesOf(action)!) {
		if (face.doubled) await thumb.tap(page.locator('[data-double]'), '×2');
		await thumb.tap(page.locator(`[data-rank="${face.rank}"]`), face.rank);
	}
	if (action.upgrade) await thumb.tap(page.locator('label:has([data-upgrade])'), 'upgrade');
	if (action.augment > 0) await thumb.tap(page.locator('label:has([data-augment])'), 'augment');
	await thumb.tap(page.locator('[data-play]'), 'play');
}

/** One Pass-Pass action: a tile (and its end when it fits both), draw, keep, pass, or a count. */
export async function dominoesAction(page: Page, thumb: Pick<Thumb, 'tap'>, step: DominoesStep) {
	const { action, before } = step;
	switch (action.type) {
		case 'play': {
			const key = tileKey(action.tile);
			await thumb.tap(page.getByTestId('turn').locator(`[data-tile="${key}"]`), key);
			if (before.line.length > 0 && endsFor(before, action.tile).length === 2) {
				await thumb.tap(page.locator(`[data-end="${action.end}"]`), `end ${action.end}`);
			}
			return;
		}
		case 'draw':
		case 'keep':
		case 'pass':
			return thumb.tap(page.locator(`[data-act="${action.type}"]`), action.type);
		case 'count':
			for (const tile of action.tiles ?? []) {
				await thumb.tap(
					page.getByTestId('count').locator(`[data-tile="${tileKey(tile)}"]`),
					`count ${tileKey(tile)}`
				);
			}
			return thumb.tap(page.locator('[data-count="tiles"]'), 'count them');
		default:
			throw new Error(`not entered tile by tile: ${action.type}`);
	}
}
