import { m } from '$lib/paraglide/messages';

/** Refusals every game shares; a game's own codes are worded in its ui.ts. */
export function commonRefusal(code: string): string {
	if (code === 'malformed-action') return m.refusal_malformed();
	if (code === 'game-over') return m.refusal_game_over();
	return m.refusal_generic();
}

/** A signed change, for hints: +3, −2, 0. */
export function signed(value: number): string {
	return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}
