/**
 * A proven backup written to this device (docs/architecture.md): new players and matches
 * added, in parts for a large file, each part in one durable transaction. The proof comes
 * first and writes nothing (backup-validate.ts).
 */
import { database, durably } from './db';
import { askToPersist } from './persist';
import { nameKey } from './players';
import { writeEntriesOf } from './entries';
import type { LogEntry, MatchRow, PlayerRow } from './schema';
import { retally } from './totals';
import { trackMatches } from './changed';
import type { BackupFile, OnProgress } from './backup-validate';
import { newId } from '../wire/ids';

export interface ImportReport {
	players: number;
	/** v5: groups this phone did not belong to yet */
	groups: number;
	matches: number;
	/** matches already on this device (same id), left as they are */
	skipped: number;
}

/**
 * A large import stopped part way (storage full, the tab closed): the matches saved so far
 * are kept, each whole with its log; importing the same file again adds the rest.
 */
export class ImportInterrupted extends Error {
	constructor(
		readonly report: ImportReport,
		readonly cause: unknown
	) {
		super(`Import interrupted after ${report.matches} matches`);
		this.name = 'ImportInterrupted';
	}
}

/**
 * Matches saved in one transaction: a file of a few hundred matches goes in all at once; a
 * larger one in parts, so the browser never holds one enormous transaction (a 47 MB file
 * went over 3 GB in one) and progress can be shown.
 */
const CHUNK_MATCHES = 250;
const CHUNK_ACTIONS = 25_000;

/**
 * Merges a proven backup: new players and matches are added, a player with the same name as
 * one on this device becomes that player, a match already here is kept as is. Players first,
 * then the matches in parts (each match whole with its log in one part), every part written
 * durably.
 */
export async function importBackup(
	backup: BackupFile,
	onProgress: OnProgress = () => {}
): Promise<ImportReport> {
	const db = database();
	void askToPersist({ always: true }); // a whole history arrives: ask that the browser keep it
	const report: ImportReport = { players: 0, groups: 0, matches: 0, skipped: 0 };
	const ids = new Map<string, PlayerRow>();

	// the players, in the first part's transaction: a file of one part is all or nothing
	async function mergePlayers() {
		for (const player of backup.players) {
			const key = nameKey(player.name);
			// the same id is the same player only under the same name; else the name decides,
			// and a new player whose id is already someone else's here gets an id of its own
			const byId = await db.players.get(player.id);
			const same =
				(byId?.nameKey === key ? byId : undefined) ??
				(await db.players.where('nameKey').equals(key).first());
			if (same) ids.set(player.id, same);
			else {
				const row: PlayerRow = {
					...player,
					id: byId ? newId() : player.id,
					nameKey: key
				};
				await db.players.add(row);
				ids.set(player.id, row);
				report.players++;
			}
		}
	}

	// the groups this phone does not belong to yet: a group here is kept as it is (its
	// credential may be newer than the file's)
	async function addGroups() {
		for (const group of backup.groups) {
			if (await db.groups.get(group.id)) continue;
			await db.groups.add(group);
			report.groups++;
		}
	}

	// a part's matches and their logs (a row each) in two bulk writes
	async function saveMatches(part: BackupFile['matches']): Promise<number> {
		const here = await db.matches.bulkGet(part.map((match) => match.id));
		const rows: MatchRow[] = [];
		const logs: { matchId: string; entries: LogEntry[] }[] = [];
		for (const [at, { log, ...match }] of part.entries()) {
			if (here[at]) continue;
			// a seat shows the name of the player it counts for (proven to agree)
			const seats = match.seats.map((seat) => {
				const player = ids.get(seat.playerId);
				return player ? { playerId: player.id, name: player.name } : seat;
			});
			rows.push({
				...match,
				seats,
				playerIds: seats.map((seat) => seat.playerId),
				length: log.length,
				group: match.group ?? null
			});
			logs.push({ matchId: match.id, entries: log });
		}
		await db.matches.bulkAdd(rows);
		// a match of a group this phone belongs to is the group's to have (changed.ts)
		await trackMatches(db, rows);
		await writeEntriesOf(db, logs);
		// the finished ones count in who wins what, in the part's own transaction
		await retally(
			db.totals,
			rows.map((row) => [undefined, row])
		);
		return rows.length;
	}

	const total = backup.matches.length;
	let start = 0;
	try {
		do {
			let end = start;
			let actions = 0;
			while (end < total && end - start < CHUNK_MATCHES && actions < CHUNK_ACTIONS) {
				actions += backup.matches[end].log.length;
				end++;
			}
			const part = backup.matches.slice(start, end);
			const first = start === 0;
			const saved = await durably(db, () =>
				db.transaction(
					'rw',
					[db.players, db.groups, db.matches, db.logs, db.totals, db.changed],
					async () => {
						if (first) {
							await mergePlayers();
							await addGroups();
						}
						return saveMatches(part);
					}
				)
			);
			report.matches += saved;
			report.skipped += part.length - saved;
			start = end;
			onProgress({ phase: 'saving', done: start, total });
		} while (start < total);
	} catch (error) {
		if (report.matches > 0) throw new ImportInterrupted(report, error);
		throw error;
	}
	return report;
}
