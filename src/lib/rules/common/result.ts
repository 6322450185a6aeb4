/**
 * A refusal is a value, not an exception (boardgame.io's INVALID_MOVE, chessops' Result):
 * the reducer says *why* an action is illegal with a code the screen translates, and
 * `params` fills the translated sentence ("card 35 is not in the deck").
 */
export interface Refusal<Code extends string = string> {
	readonly code: Code;
	readonly params?: Readonly<Record<string, string | number>>;
}

export type Result<T, Code extends string = string> =
	| { readonly ok: true; readonly value: T }
	| { readonly ok: false; readonly refusal: Refusal<Code> };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
	return { ok: true, value };
}

export function refuse<Code extends string>(
	code: Code,
	params?: Record<string, string | number>
): { readonly ok: false; readonly refusal: Refusal<Code> } {
	return { ok: false, refusal: params ? { code, params } : { code } };
}

/** Refusal code shared by every game: the action is not one this game knows. */
export const MALFORMED = 'malformed-action';
/** Refusal code shared by every game: the match is over, nothing more can be played. */
export const GAME_OVER = 'game-over';

/**
 * A value an action carried, as a refusal's sentence shows it. Actions come from anywhere (a
 * backup, the network): `String()` throws on an object whose `toString` is not a function, and
 * a reducer never throws, so what is not a plain value is named by its kind.
 */
export function shown(value: unknown): string {
	if (value === null) return 'null';
	const kind = typeof value;
	if (kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'bigint')
		return String(value);
	return Array.isArray(value) ? 'array' : kind;
}
