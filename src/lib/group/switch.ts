/**
 * Whether a group reads its matches from the wire (docs/wire.md, "Reading a group's matches from
 * the wire: the switch", step 4): a fold of the member records the server wrote (`MemberRecord`,
 * each key with the wire its phone said it reads when it registered, `readsOf`), so every phone
 * holding the same records gives the same answer, and it turns back when a member on an older
 * build joins. Never a flag one phone sets. Pure: the group's sync holds the records
 * (`SyncStatus.members`, the newest of each member: take.ts `takeOther`). Folded on them only
 * once the phone has read the whole record (`SyncStatus.caughtUp`): a member whose record is
 * not read yet is not counted, and could be one on an older build.
 */
import { readsOf, type MemberRecord } from '$lib/wire/provision';

/** The wire that carries a group's matches as entries and seals (`WIRE_READS`). */
export const ENTRIES_WIRE = 2;

/**
 * A board's credential (`<group>-b…`, wire/schemas.ts `GroupUser`): it reads the group and
 * writes nothing, so it never holds the group on versions, nor counts as a member reading.
 */
const BOARD_USER = /-b[a-z0-9]{8}$/;

/** Whether this member's record keeps the group on whole versions. */
function holdsBack(record: MemberRecord): boolean {
	if (record.removed) return false;
	return !(record.keys ?? []).some((key) => readsOf(record, key) >= ENTRIES_WIRE);
}

/**
 * True when every member not removed has at least one key registered reading the entries
 * (`reads >= 2`), and there is such a member; false otherwise: a member with no key yet, or
 * only keys of older builds, keeps the group on versions. A member's newest record counts (the
 * greatest `at`; at the same `at`, the one that holds back), whatever the order given.
 */
export function readsWire(members: readonly MemberRecord[]): boolean {
	const newest = new Map<string, MemberRecord[]>();
	for (const record of members) {
		if (BOARD_USER.test(record.user)) continue;
		const before = newest.get(record.user);
		if (!before || before[0].at < record.at) newest.set(record.user, [record]);
		else if (before[0].at === record.at) before.push(record);
	}
	let reading = 0;
	for (const records of newest.values()) {
		if (records.some(holdsBack)) return false;
		if (records.every((record) => !record.removed)) reading++;
	}
	return reading > 0;
}
