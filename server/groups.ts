// A group's requests answered (docs/group.md, "Requests"): what each makes in the registry and
// the group's stream, and its answer or an error code. Every credential it makes is accepted,
// and every one it drops refused, before it answers. Called one at a time (live.ts, `serial`).
import { boardTableSubject, memberSubject } from '../src/lib/wire/names.js';
import {
	addGroup,
	addMember,
	addTable,
	closeTable,
	groupOf,
	openTablesOf,
	removeCredential,
	type Credential,
	type Registry
} from './registry';
import { memberRecord, tableRecord, type GroupError, type GroupRequest } from './requests';
import { MAX_FILE_STORE } from './config';
import { GROUP_STORE_BYTES } from '../src/lib/wire/limits';

/**
 * Whether one more group's account fits the server's file store: every group in the registry,
 * a revoked one too, keeps its account (config.ts, MAX_FILE_STORE).
 */
export function groupsFit(registry: Registry, groupBytes = GROUP_STORE_BYTES): boolean {
	return (Object.keys(registry.groups).length + 1) * groupBytes <= MAX_FILE_STORE;
}

/** A group's members and open tables at most: a club's, with room to spare. */
export const MAX_MEMBERS = 200;
export const MAX_OPEN_TABLES = 40;

/** What answering a request needs of the running server (live.ts). */
export interface Desk {
	readonly registry: Registry;
	readonly cost: number;
	readonly limits: { members?: number; openTables?: number; groupBytes?: number };
	/** tables.json written and every node's config reloaded */
	save(): Promise<void>;
	/** resolves once the server accepts this new credential */
	accepted(credential: Credential): Promise<void>;
	tableStream(table: string): Promise<unknown>;
	groupStream(group: string): Promise<unknown>;
	/** the server's own message in a group's stream, written by the group's clerk */
	record(group: string, subject: string, body: object): Promise<unknown>;
	log(line: string): void;
	/** members whose removal this process has written to their group's stream */
	readonly announced: Set<string>;
}

export async function provisionGroup(
	desk: Desk,
	asked: GroupRequest,
	group = ''
): Promise<object | { error: GroupError }> {
	const { registry, cost } = desk;
	const now = Date.now();
	if (asked.what === 'group') {
		// past its store, nats-server would not start JetStream again (config.ts, MAX_FILE_STORE)
		if (!groupsFit(registry, desk.limits.groupBytes)) return { error: 'full' };
		const made = await addGroup(registry, asked, cost, now);
		await desk.save();
		await desk.accepted(made.member);
		await desk.groupStream(made.group);
		await desk.record(
			made.group,
			memberSubject(made.group, made.member.user),
			memberRecord(made.member.user, asked.label, false, now)
		);
		desk.log(`group ${made.group} ready`);
		return made;
	}
	const found = groupOf(registry, group);
	if (!found) return { error: 'unknown-group' };
	switch (asked.what) {
		case 'invite': {
			const active = Object.values(found.members).filter((one) => !one.removedAt);
			if (active.length >= (desk.limits.members ?? MAX_MEMBERS)) return { error: 'full' };
			const member = await addMember(registry, group, asked.label, cost, now);
			await desk.save();
			await desk.accepted(member);
			await desk.record(
				group,
				memberSubject(group, member.user),
				memberRecord(member.user, asked.label, false, now)
			);
			return { group, name: found.name, member };
		}
		case 'table': {
			const most = desk.limits.openTables ?? MAX_OPEN_TABLES;
			if ((openTablesOf(registry)[group] ?? []).length >= most) return { error: 'full' };
			const { match, game, names } = asked;
			const made = await addTable(registry, cost, now, { group, match, game, names });
			await desk.save();
			await desk.accepted(made.writer);
			await desk.tableStream(made.table);
			await desk.record(
				group,
				boardTableSubject(group, made.table),
				tableRecord(made.table, registry.tables[made.table], true, now)
			);
			desk.log(`table ${made.table} of group ${group} ready`);
			return made;
		}
		case 'close': {
			const closed = closeTable(registry, group, asked.table, now);
			if (!closed) return { error: 'unknown-table' };
			// the board hears "closed" first, then loses the table's permissions: it stops
			// following before the server would refuse it
			await desk.record(
				group,
				boardTableSubject(group, asked.table),
				tableRecord(asked.table, closed, false, now)
			);
			await desk.save();
			return { table: asked.table };
		}
		case 'remove': {
			const removed = removeMember(desk, group, asked.user, now);
			if (!removed) return { error: 'unknown-user' };
			await desk.save();
			await removed.announce();
			return { user: asked.user };
		}
	}
}

/**
 * A member's or the board's credential leaves the registry (the caller saves); `announce`
 * then writes a member's removal to its group's stream, once.
 */
export function removeMember(desk: Desk, group: string, user: string, now = Date.now()) {
	const label = groupOf(desk.registry, group)?.members[user]?.label;
	const removed = removeCredential(desk.registry, group, user, now);
	if (!removed) return null;
	return {
		async announce() {
			if (removed !== 'member') return;
			await desk.record(
				group,
				memberSubject(group, user),
				memberRecord(user, label ?? '', true, now)
			);
			desk.announced.add(`${group}/${user}`);
		}
	};
}

/**
 * A member removed while no server ran (`npm run server -- revoke-member` with the folder's
 * lock) gets its record in the group's stream at the next start, once. `removedOf`: whether the
 * group's stream already says so.
 */
export async function announceRemovals(
	desk: Desk,
	removedOf: (group: string, user: string) => Promise<boolean>
) {
	for (const [group, entry] of Object.entries(desk.registry.groups)) {
		if (entry.revokedAt) continue;
		for (const [user, member] of Object.entries(entry.members)) {
			const key = `${group}/${user}`;
			if (!member.removedAt || desk.announced.has(key)) continue;
			if (!(await removedOf(group, user))) {
				await desk.record(
					group,
					memberSubject(group, user),
					memberRecord(user, member.label, true, member.removedAt)
				);
			}
			desk.announced.add(key);
		}
	}
}
