import type { ClimbingConfig, ClimbingState, Rank } from '$lib/rules/climbing';

/** One card as entered: the value it shows, printed once or doubled ("22"). */
export interface Face {
	readonly rank: Rank;
	readonly doubled: boolean;
}

/** The values the entered cards show: a doubled face shows its value twice (docs/rulings.md, PASS 1). */
export const valuesOf = (faces: readonly Face[]): Rank[] =>
	faces.flatMap((face) => (face.doubled ? [face.rank, face.rank] : [face.rank]));

export const faceText = (face: Face): string => (face.doubled ? face.rank + face.rank : face.rank);

/**
 * The config the match is stored with. `start` (who holds START 2 in the first game, from the
 * new-match screen's "who starts") is read only by the screen, to prefill the first question.
 */
export interface ClimbingMatchConfig extends ClimbingConfig {
	readonly start?: number;
}

/** The seat the screen suggests for START 2: the setup's choice, for the first game only. */
export function suggestedStart(state: ClimbingState): number | null {
	const start = 'start' in state.config ? state.config.start : undefined;
	if (state.games.length > 0 || typeof start !== 'number' || !Number.isInteger(start)) return null;
	return start >= 0 && start < state.hands.length ? start : null;
}
