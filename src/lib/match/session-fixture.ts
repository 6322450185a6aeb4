import { beforeEach } from 'vitest';
import { PasspadDb, useDatabase, createMatch, loadLog } from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import type { GameUi } from '$lib/games/types';
import { MatchSession } from './session.svelte';

// What the session's tests share: an I'll Pass match in a database of its own for each test.

/** The session needs only the rules from a game's screens, and the log's words. */
export const ui = {
	game: illPass,
	describe: (action: { type: string; card?: number }, before: IllPassState, names: string[]) =>
		`${names[before.seat]} ${action.type} ${action.card ?? before.faceUp}`
} as unknown as GameUi;

let current: PasspadDb;

/** A fresh database before each test of the calling file; the function gives the current one. */
export function freshDatabase(): () => PasspadDb {
	beforeEach(async () => {
		current = new PasspadDb(`session-${crypto.randomUUID()}`);
		useDatabase(current);
		await current.open();
	});
	return () => current;
}

/** A new 3-player I'll Pass match, opened in a session. */
export async function open(): Promise<MatchSession> {
	const match = await createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Cleo']
	});
	return new MatchSession(ui, await loadLog(match.id));
}

export const state = (session: MatchSession) => session.state as IllPassState;
