/**
 * A group that turns back to the versions (docs/wire.md, "Reading a group's matches from the
 * wire: the switch", step 4): a member on a build that reads only the versions is in it again,
 * so the matches' changes go as versions again (changes.ts, sender.ts), each over the record
 * subject's last version as read here (the `synced` row's `record`). A change sealed while the
 * group read the wire left that version behind, and the older build would never read it: each
 * such match is tracked again, so its copy goes once as a version and that phone reads it. The
 * record's compare-and-set lets one phone's through; the others read it as what they hold.
 */
import type { Subject } from '$lib/db/schema';
import { trackAgain } from '$lib/db/changed';
import type { SyncCore } from './core';

/**
 * Tracks again each match whose copy is a seal's and says other than the record subject's last
 * version read here; how many. Only a phone that read that version knows it: one that took the
 * match whole from the wire (it joined after the switch) leaves it to those that did.
 */
export async function turnBack(core: SyncCore): Promise<number> {
	const db = core.db;
	// a group whose wire was never taken here has no seal's copy
	if (!(await db.groups.get(core.group))?.wireReadTo) return 0;
	const behind = await db.synced
		.where('[group+subject]')
		.between([core.group, 'match.'], [core.group, 'match.\uffff'])
		.filter((row) => !!row.onWire && !!row.record?.hash && row.record.hash !== row.hash)
		.toArray();
	for (const row of behind) await trackAgain(db, core.group, row.subject as Subject);
	return behind.length;
}
