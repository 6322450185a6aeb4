/**
 * How a table enters a match: every move refereed, or each round's result on the score pad.
 * A habit of the table, kept per match on this device (as Pass Pass keeps its cards-won mode):
 * the log holds both kinds of entry whatever is chosen, so nothing of the record depends on it.
 */
export type EntryMode = 'referee' | 'pad';

const key = (matchId: string) => `entry:${matchId}`;
/** Pass Pass's own switch between trick by trick and cards won (games/pass-pass/Panel.svelte). */
const passPassKey = (matchId: string) => `pass-pass:mode:${matchId}`;

export function entryMode(matchId: string): EntryMode {
	try {
		return localStorage.getItem(key(matchId)) === 'pad' ? 'pad' : 'referee';
	} catch {
		return 'referee';
	}
}

export function setEntryMode(matchId: string, game: string, mode: EntryMode): void {
	try {
		localStorage.setItem(key(matchId), mode);
		// Pass Pass's score pad is its cards-won entry
		if (game === 'pass-pass')
			localStorage.setItem(passPassKey(matchId), mode === 'pad' ? 'won' : 'tricks');
	} catch {
		// private mode without storage: the match opens refereed, switchable on screen
	}
}
