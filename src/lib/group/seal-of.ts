/**
 * A group's match sealed from the phone (docs/wire.md, "Where it is stored": sealing): the one
 * builder of a seal from the match as it is here, for the pen's first seal and for a sealed
 * match changed since, sealed again over the seal the group holds (entries.ts). The seal says
 * all a version of the match says (its start, the seats' players, the whole log, notes, time
 * played, abandoned and when, when last played).
 */
import type { PasspadDb } from '$lib/db/db';
import { readEntries } from '$lib/db/entries';
import type { LogEntry, MatchRow } from '$lib/db/schema';
import type { SealEntry } from '$lib/wire/entry';
import { abandonedAtOf } from './record';

/**
 * The match's start as this phone has it: a group's, naming its players (docs/wire.md, "Reading
 * a group's matches", step 2), for live/appending.ts `startOf`.
 */
export function startFieldsOf({ id, game, config, createdAt, seats }: MatchRow) {
	const [names, players] = [seats.map((seat) => seat.name), seats.map((seat) => seat.playerId)];
	return { id, game, config, createdAt, names, players };
}

/**
 * Finished or abandoned: the match the pen seals, and any member's phone first seals. Once
 * sealed, it is sealed again when changed, over or not (a move taken back after its end).
 */
export const isOver = (match: MatchRow) =>
	match.status === 'finished' || match.status === 'abandoned';

/** Where the seal goes in the match's log, and whose it is. */
export interface SealPlace {
	readonly id: string;
	readonly match: string;
	/**
	 * after the group's last entry of the match, or after the seal it holds; a first seal at 0,
	 * after nothing (first-seals.ts)
	 */
	readonly pos: number;
	readonly prev: string | null;
	readonly by: string;
	readonly at: number;
}

/** The seal held (`over`) again at `place`, saying the match was deleted (unsigned). */
export function deletedSeal(over: SealEntry, place: SealPlace): SealEntry {
	return { v: 1, ...place, change: { ...over.change, deleted: true } };
}

/**
 * The seal of `match` as it is here, with the start the group holds (unsigned): its row and its
 * log read again in one transaction, so a write between the caller's read and this one gives a
 * seal of one moment, never the row of one and the log of another (that write looks at the
 * match again and seals it anew). Null when the match is no longer over (a move taken back
 * meanwhile): a first seal and the pen's are of a match over, and the keeper would refuse it
 * (`not-over`).
 */
export async function sealOf(
	db: PasspadDb,
	read: MatchRow,
	start: SealEntry['change']['start'],
	place: SealPlace
): Promise<SealEntry | null> {
	const { match, seal } = await sealRead(db, read, start, place);
	return isOver(match) ? seal : null;
}

/**
 * The seal of `match` as it is here, over or not, as `sealOf` reads it: a seal written over
 * another carries the match as it is, a move taken back after its end too
 * (server/group-seal.ts, `judgeSealAgain`).
 */
export async function sealAsIs(
	db: PasspadDb,
	read: MatchRow,
	start: SealEntry['change']['start'],
	place: SealPlace
): Promise<SealEntry> {
	return (await sealRead(db, read, start, place)).seal;
}

async function sealRead(
	db: PasspadDb,
	read: MatchRow,
	start: SealEntry['change']['start'],
	place: SealPlace
): Promise<{ match: MatchRow; seal: SealEntry }> {
	const [row, entries] = await db.transaction('r', [db.matches, db.logs], async () => {
		const pair: [MatchRow | undefined, LogEntry[]] = [
			await db.matches.get(read.id),
			await readEntries(db, read.id)
		];
		return pair;
	});
	const match = row ?? read;
	const abandonedAt = abandonedAtOf(match);
	const seal: SealEntry = {
		v: 1,
		...place,
		change: {
			kind: 'seal',
			start,
			players: match.seats.map((seat) => seat.playerId),
			playedByHand: match.playedByHand,
			log: entries.map(({ action, at }) => ({
				action: action as { type: string },
				at
			})),
			notes: match.notes,
			playedMs: match.playedMs,
			updatedAt: match.updatedAt,
			abandoned: match.status === 'abandoned',
			// only when abandoned: a finished match's seal is what an earlier build writes
			...(abandonedAt === null ? {} : { abandonedAt })
		}
	};
	return { match, seal };
}
