/**
 * Every match of the group on its wire before its versions stop (docs/wire.md, "Reading a
 * group's matches from the wire: the switch"): a match recorded before its group took entries,
 * or on an older build, has versions only. Once the wire is read whole (wire-taking.ts: which
 * matches it holds), each such match here goes there as one message, its first seal at
 * position 0 (server/group-seal.ts, `judgeFirstSeal`), from a phone whose copy is the group's
 * version: over, as the group last had it (its revision the `synced` row's), no seal known. Two
 * phones putting one match there store one (`moved` for the other: nothing more to do). In the
 * background: no answer, or the group's quota for the minute spent, ends the round; the next
 * start of the group's sync goes on.
 */
import type { PasspadDb } from '$lib/db/db';
import type { MatchRow } from '$lib/db/schema';
import { keepSeal } from '$lib/db/group/seals';
import { startOf } from '$lib/live/appending';
import type { Append } from '$lib/live/ask';
import { newId, type SealEntry } from '$lib/wire/entry';
import { signed, type Signer } from '$lib/wire/signing';
import type { KeysFull } from './entries';
import { isOver, sealOf, startFieldsOf } from './seal-of';

export interface FirstSealsOptions {
	readonly db: PasspadDb;
	readonly group: string;
	/** this phone's id on the wire */
	readonly by: string;
	/** whose phone it is, the start's pen (else the match's first seat) */
	readonly name?: string;
	readonly signer: Signer;
	/** a seal asked of the group's keeper (entries.ts `askSeal`) */
	readonly ask: (match: string, seal: SealEntry) => Promise<Append | KeysFull>;
}

/** How a round ended: every match asked, or stopped for want of an answer or of quota. */
export type Round = 'done' | 'offline' | 'slow-down';

/**
 * The group's matches here that the wire lacks and this phone may put there: over, not among
 * `onWire` (the matches the wire holds), the copy as the group last had it, no seal known.
 */
export async function offWire(
	db: PasspadDb,
	group: string,
	onWire: ReadonlySet<string>
): Promise<MatchRow[]> {
	return db.transaction('r', [db.matches, db.synced, db.seals], async () => {
		const over = (await db.matches.where('group').equals(group).toArray()).filter(
			(match) => isOver(match) && !onWire.has(match.id)
		);
		const keys = over.map((match): [string, `match.${string}`] => [group, `match.${match.id}`]);
		const synced = await db.synced.bulkGet(keys);
		const sealed = await db.seals.bulkGet(over.map((match): [string, string] => [group, match.id]));
		return over.filter(
			(match, at) =>
				synced[at] !== undefined &&
				!synced[at]!.onWire &&
				synced[at]!.revision === match.revision &&
				sealed[at] === undefined
		);
	});
}

/** Each of `matches` put on the wire by its first seal, in turn, kept as the copy's seal once stored. */
export async function putOnWire(
	o: FirstSealsOptions,
	matches: readonly MatchRow[]
): Promise<Round> {
	for (const read of matches) {
		const me = { by: o.by, name: o.name ?? read.seats[0].name };
		const start = startOf(startFieldsOf(read), me).change;
		if (start.kind !== 'start') continue;
		const place = { id: newId(), match: read.id, pos: 0, prev: null, by: o.by, at: Date.now() };
		// read again with its log: a match resumed meanwhile is not sealed
		const seal = await sealOf(o.db, read, start, place);
		if (!seal) continue;
		const answer = await o.ask(read.id, await signed(seal, o.signer));
		if (answer.ok) await keepSeal(o.db, o.group, read.id, seal);
		else if (answer.why === 'offline' || answer.why === 'slow-down') return answer.why;
		// `moved`, `sealed`: another phone put it there first, which the wire brings; any other
		// refusal (a removed member, a keeper before first seals) leaves it on the versions
	}
	return 'done';
}
