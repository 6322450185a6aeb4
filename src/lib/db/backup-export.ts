/**
 * A backup's export: everything on this device in one file (docs/architecture.md). Its proof
 * on the way back in is backup-validate.ts, its import backup-import.ts.
 */
import { database } from './db';
import { allEntries } from './entries';
import { BACKUP_FORMAT, BACKUP_SCHEMA } from './backup-format';
import type { BackupFile } from './backup-validate';

/**
 * Everything on this device: the roster, the groups it belongs to (with their credentials, so
 * a restored phone is a member again: docs/group.md), every match and its whole action log.
 */
export async function exportAll(appVersion: string, now = Date.now()): Promise<BackupFile> {
	const db = database();
	return db.transaction('r', db.players, db.groups, db.matches, db.logs, async () => {
		const players = await db.players.toArray();
		// the refused messages' notes and how far the stream was read stay behind: they say how
		// this phone read the stream, not the record; a restored phone reads the group again
		const groups = (await db.groups.toArray()).map(
			({ refused: _refused, readTo: _readTo, wireReadTo: _wireReadTo, ...group }) => group
		);
		const matches = await db.matches.toArray();
		const logs = await allEntries(db);
		return {
			format: BACKUP_FORMAT,
			schema: BACKUP_SCHEMA,
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
