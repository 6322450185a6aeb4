/**
 * A backup's export: everything on this device in one file (docs/architecture.md). Its proof
 * on the way back in is backup-validate.ts, its import backup-import.ts.
 */
import { database } from './db';
import { SCHEMA_VERSION } from './schema';
import { BACKUP_FORMAT } from './limits';
import type { BackupFile } from './backup-validate';

/**
 * Everything on this device: the roster, the groups it belongs to (with their credentials, so
 * a restored phone is a member again: docs/group.md), every match and its whole action log.
 */
export async function exportAll(appVersion: string, now = Date.now()): Promise<BackupFile> {
	const db = database();
	return db.transaction('r', db.players, db.groups, db.matches, db.actions, async () => {
		const players = await db.players.toArray();
		// the refused messages' notes and how far the stream was read stay behind: they say how
		// this phone read the stream, not the record; a restored phone reads the group again
		const groups = (await db.groups.toArray()).map(
			({ refused: _refused, readTo: _readTo, ...group }) => group
		);
		const matches = await db.matches.toArray();
		const actions = await db.actions.toArray(); // ordered by [matchId+seq]
		const logs = new Map<string, { action: unknown; at: number }[]>();
		for (const row of actions) {
			if (!logs.has(row.matchId)) logs.set(row.matchId, []);
			logs.get(row.matchId)!.push({ action: row.action, at: row.at });
		}
		return {
			format: BACKUP_FORMAT,
			schema: SCHEMA_VERSION,
			app: appVersion,
			exportedAt: now,
			players,
			groups,
			matches: matches.map(({ length: _length, playerIds: _ids, ...match }) => ({
				...match,
				log: logs.get(match.id) ?? []
			}))
		};
	});
}
