/**
 * How a table enters a match: every move refereed, or each round's result on the score pad
 * (Pass Pass: cards won, docs/rulings.md, Pass Pass 12). The choice travels with the match, so a
 * phone that takes it over (a hand-over link, a backup) or follows it live opens the same way:
 * the setup's choice is in the match's config, and once a round is entered the log says how the
 * table entered the last one. A tap on the switch of this phone holds until the next entry.
 */
export type EntryMode = 'referee' | 'pad';

/** Entries only the score pad makes: a round's result (Pass Pass: cards won, who leads, the round's end). */
const PAD_ENTRIES: Readonly<Record<string, readonly string[]>> = {
	'pass-pass': ['won', 'lead', 'endRound']
};
/** Entries that say nothing of the way: who starts (the lots), a team's pick at a round's end. */
const EITHER = new Set(['start', 'teamPick']);

/** The setup's choice, kept in the match's config (a config without it is refereed). */
export function setupMode(config: unknown): EntryMode {
	return (config as { entry?: unknown } | null)?.entry === 'pad' ? 'pad' : 'referee';
}

/** The config with the setup's choice in it; refereed adds nothing (configs as they were). */
export function withSetupMode<C extends object>(config: C, mode: EntryMode): C {
	return mode === 'pad' ? { ...config, entry: 'pad' } : config;
}

/** How the log's last entry that tells was made, or null when none tells yet. */
export function loggedMode(game: string, actions: readonly unknown[]): EntryMode | null {
	const pad = PAD_ENTRIES[game] ?? ['tally'];
	for (let at = actions.length - 1; at >= 0; at--) {
		const type = (actions[at] as { type?: unknown } | null)?.type;
		if (typeof type !== 'string' || EITHER.has(type)) continue;
		return pad.includes(type) ? 'pad' : 'referee';
	}
	return null;
}

/** The table's way, as every copy of the match reads it: the log's last entry, else the setup. */
export function tableMode(game: string, config: unknown, actions: readonly unknown[]): EntryMode {
	return loggedMode(game, actions) ?? setupMode(config);
}

/** A tap on this phone's switch, with the log's length then: it holds until the log moves. */
export interface Switched {
	readonly mode: EntryMode;
	readonly length: number;
}

/** The way shown now: this phone's switch while nothing was entered since, else the table's. */
export function modeNow(
	match: { game: string; config: unknown },
	actions: readonly unknown[],
	switched: Switched | null
): EntryMode {
	if (switched && switched.length === actions.length) return switched.mode;
	return tableMode(match.game, match.config, actions);
}

const key = (matchId: string) => `entry:${matchId}`;

/** This phone's last tap on the switch for a match, if it is still in a form it writes. */
export function readSwitch(matchId: string): Switched | null {
	try {
		const stored = JSON.parse(localStorage.getItem(key(matchId)) ?? 'null');
		if ((stored?.mode === 'pad' || stored?.mode === 'referee') && Number.isInteger(stored?.length))
			return { mode: stored.mode, length: stored.length };
	} catch {
		// unreadable (or no storage): the table's way
	}
	return null;
}

export function writeSwitch(matchId: string, switched: Switched): void {
	try {
		localStorage.setItem(key(matchId), JSON.stringify(switched));
	} catch {
		// private mode without storage: the switch holds on screen until the page closes
	}
}
