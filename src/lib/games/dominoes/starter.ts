import type { DominoesConfig } from '$lib/rules/dominoes';

/**
 * The seat offered first at the in-match lots: the one a match stored before `starter` chose at
 * setup (its config's `start`, ui.ts's DominoesMatchConfig), else the first seat. Its own module:
 * the Panel asks it, and ui.ts imports the Panel.
 */
export function suggestedStarter(config: DominoesConfig): number {
	const start = 'start' in config ? config.start : undefined;
	return typeof start === 'number' ? start : 0;
}
