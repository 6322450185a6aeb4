// What bench/group.mjs loads through Vite (TypeScript with $lib imports): a phone's database and
// its GroupSync, the players' page figure, and the group's versions as record.ts writes them,
// each match a whole finished one from its game's own simulator (bench/board-kit.ts).
import { sampleMatch } from './board-kit';
import { matchVersion, playerVersion, proveMatch, writeVersion } from '../src/lib/group/record';
import { newId } from '../src/lib/wire/ids';
import type { MatchRow, PlayerRow } from '../src/lib/db/schema';
export { GroupSync } from '../src/lib/group/sync';
export { PasspadDb, useDatabase } from '../src/lib/db/db';
export { leaderboard } from '../src/lib/db/stats';
export { newId };
export { groupLinkOf } from '../src/lib/group/link';

const stamp = (id: string, at: number) => ({
	v: 1 as const,
	id,
	by: 'bench-phone-01',
	at,
	contest: null
});

/** A roster player's version. */
export function playerMessage(id: string, name: string, at: number): Uint8Array {
	const row: PlayerRow = {
		id,
		name,
		nameKey: name.toLowerCase(),
		hidden: false,
		createdAt: at,
		colour: null
	};
	return writeVersion(playerVersion(row, stamp(id, at)));
}

export interface Played {
	game: string;
	config: unknown;
	players: number;
	actions: unknown[];
}

const versionOf = (
	played: Played,
	id: string,
	seats: readonly { id: string; name: string }[],
	at: number
) => {
	const row = {
		id,
		game: played.game,
		config: played.config,
		seats: seats.map((seat) => ({ playerId: seat.id, name: seat.name })),
		notes: '',
		playedMs: 1_800_000,
		playedByHand: false,
		status: 'finished',
		createdAt: at,
		updatedAt: at + 1_800_000
	} as unknown as MatchRow;
	const log = played.actions.map((action, index) => ({ action, at: at + index * 1000 }));
	return matchVersion(row, log, stamp(id, at + 1_800_000));
};

/** A whole match of `game` from its simulator, kept only if the rules say it finished. */
export function playedMatch(game: string, seed: number): Played | null {
	const sample = sampleMatch(game, seed);
	const played = {
		game,
		config: sample.config,
		players: sample.names.length,
		actions: sample.actions
	};
	const seats = sample.names.map((name: string) => ({ id: newId(), name }));
	const proof = proveMatch(versionOf(played, newId(), seats, 1_700_000_000_000));
	return proof.ok && proof.match.status === 'finished' ? played : null;
}

/** A played match as a new match of the group (its own id, these seats): its version's bytes. */
export function matchMessage(
	played: Played,
	seats: readonly { id: string; name: string }[],
	at: number
): { id: string; bytes: Uint8Array } {
	const id = newId();
	return { id, bytes: writeVersion(versionOf(played, id, seats, at)) };
}
