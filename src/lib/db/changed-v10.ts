/**
 * v10's upgrader (schema.ts): the changes a phone made to its groups before v10 were found by
 * a scan (the group's matches against their `synced` rows); from v10 they are tracked as they
 * are written (changed.ts). Once, here, every thing that scan would have looked at gets its
 * `changed` row: a match of the group that moved since the group last had it, or that the group
 * has and is gone here, each player and evening the group has, its settings. The sender then
 * sends only those whose version is not the group's already.
 */
import { Dexie, type Transaction } from 'dexie';
import type {
	ChangedRow,
	EveningRow,
	GroupRow,
	MatchRow,
	SettingRow,
	Subject,
	SyncedRow
} from './schema';
import { ratingsKey } from './group/club';

export async function trackedBefore(tx: Transaction): Promise<void> {
	const changed = tx.table<ChangedRow>('changed');
	const rows: ChangedRow[] = [];
	const add = (group: string, subject: Subject) => rows.push({ group, subject, n: 1 });
	for (const group of await tx.table<GroupRow>('groups').toArray()) {
		if (group.left) continue;
		const synced = new Map<string, SyncedRow>();
		await tx
			.table<SyncedRow>('synced')
			.where('group')
			.equals(group.id)
			.each((row) => void synced.set(row.subject, row));
		const here = new Set<string>();
		await tx
			.table<MatchRow>('matches')
			.where('[group+revision]')
			.between([group.id, Dexie.minKey], [group.id, Dexie.maxKey])
			.eachKey((key, cursor) => {
				const id = cursor.primaryKey as string;
				here.add(id);
				if (synced.get(`match.${id}`)?.revision !== (key as [string, number])[1]) {
					add(group.id, `match.${id}`);
				}
			});
		for (const row of synced.values()) {
			const id = row.subject.slice(row.subject.indexOf('.') + 1);
			if (row.subject.startsWith('player.')) add(group.id, row.subject);
			// the group has it and it is gone here: deleted on this phone
			else if (row.subject.startsWith('match.') && !here.has(id) && row.hash !== null) {
				add(group.id, row.subject);
			}
		}
		await tx
			.table<EveningRow>('evenings')
			.where('group')
			.equals(group.id)
			.each((row) => add(group.id, `evening.${row.id}`));
		if (await tx.table<SettingRow>('settings').get(ratingsKey(group.id))) {
			add(group.id, 'settings');
		}
	}
	await changed.bulkPut(rows);
}
