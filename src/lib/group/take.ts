/**
 * One message of the group taken here (docs/group.md, "On the phone"): reconciled against this
 * phone's copy (reconcile.ts) and written through src/lib/db (db/group/), `synced` in the same
 * transaction; a match this phone has nothing of, in a batch, written with the others like it
 * in bulk (`takeMany`). The server's own messages (a member's record) write nothing.
 */
import * as v from 'valibot';
import type { SyncedRow } from '$lib/db/schema';
import { OTHER_GROUP, writeDeleted, writeMatch, writeNewMatches } from '$lib/db/group/matches';
import type { NewMatch } from '$lib/db/group/matches';
import {
	readBatch,
	readThing,
	rosterHere,
	type BatchHere,
	type ThingHere
} from '$lib/db/group/here';
import { acknowledged, dropPending } from '$lib/db/group/outbox';
import { trackAgain } from '$lib/db/changed';
import { writeConflict } from '$lib/db/group/conflicts';
import { moveRecordSeq, moveSeq, writeSynced } from '$lib/db/group/synced';
import { letSealGo } from '$lib/db/group/seals';
import { writePlayer } from '$lib/db/group/players';
import { MemberRecord } from '$lib/wire/provision';
import type { Message, SyncCore } from './core';
import { buildVersion, localOf, queueVersion } from './changes';
import { digest, proveMatch, thingOf, thingOfSubject, type Thing, type Version } from './record';
import { followerOf, reconcile, type Decision } from './reconcile';
import { overHere, roleOf } from './role';
import { writeClubHere } from './club';

/** Decisions made ahead for a batch's matches, by stream sequence. */
export type Proven = ReadonlyMap<number, Decision>;

/** The server's own messages: a member's record (its label, removed or not). */
export function takeOther(core: SyncCore, subject: string, data: Uint8Array) {
	if (!subject.startsWith(`passpad.g.${core.group}.member.`)) return;
	try {
		const parsed = v.safeParse(MemberRecord, JSON.parse(new TextDecoder().decode(data)));
		if (!parsed.success) return;
		core.board.member(parsed.output);
	} catch {
		// not a member's record: nothing to show
	}
}

function refuseThing(
	core: SyncCore,
	thing: Thing,
	seq: number,
	decision: Extract<Decision, { kind: 'refused' }>
) {
	core.board.refuse({
		thing,
		seq,
		why: decision.why,
		...(decision.refusal ? { refusal: decision.refusal } : {}),
		at: core.now()
	});
	core.board.emit();
	// the next version written here expects this one: a hostile message cannot block the thing
	return moveSeq(core.db, core.group, thing, seq);
}

/** The group's version written here (proven first for a match). */
export async function writeVersionHere(
	core: SyncCore,
	version: Version,
	fields: { seq: number; msgId: string; hash: string | null },
	decision?: Decision
) {
	const thing: Thing = thingOf(version);
	let written: unknown;
	if (version.kind === 'settings' || version.kind === 'evening') {
		return writeClubHere(core, version, fields);
	}
	if (version.kind === 'player') {
		written = await writePlayer(core.db, core.group, { ...version }, fields);
	} else if (version.deleted) {
		written = await writeDeleted(core.db, core.group, version.id, fields);
	} else {
		const proven =
			decision && 'match' in decision && decision.match ? decision.match : proveMatch(version);
		const match = 'ok' in proven ? (proven.ok ? proven.match : null) : proven;
		if (!match) {
			const why = 'ok' in proven && !proven.ok ? proven.why : 'invalid';
			return refuseThing(core, thing, fields.seq, { kind: 'refused', why });
		}
		written = await writeMatch(core.db, core.group, match, fields);
	}
	if (written === OTHER_GROUP) {
		core.board.refuse({ thing, seq: fields.seq, why: 'other-group', at: core.now() });
		core.board.emit();
	}
}

/**
 * A message on a thing in conflict here: a plain version written over a contest settles it
 * (taken, when this phone changed nothing since); anything else becomes the group's side, but
 * a contest saying what this phone holds (a third phone on its side).
 */
async function takeOverConflict(
	core: SyncCore,
	here: ThingHere,
	incoming: { thing: Thing; seq: number; msgId: string; data: Uint8Array }
) {
	const conflict = here.conflict!;
	const decision = reconcile({ hash: null }, undefined, incoming);
	if (decision.kind === 'refused') return refuseThing(core, incoming.thing, incoming.seq, decision);
	if (decision.kind !== 'apply' && decision.kind !== 'same') return;
	// another phone contesting with what this one holds: the other side stays the one shown
	const mine = digest(conflict.mine as Version);
	if (decision.version.contest !== null && decision.hash === mine) return;
	const { seq, msgId } = incoming;
	const local = await localOf(core, incoming.thing, here);
	const unchanged = local.hash === null || local.hash === mine;
	if (decision.version.contest === null && unchanged) {
		await writeVersionHere(core, decision.version, { seq, msgId, hash: decision.hash }, decision);
		return core.board.refresh();
	}
	await writeConflict(core.db, {
		...conflict,
		theirs: decision.version,
		theirsSeq: seq,
		theirsMsgId: msgId
	});
}

/**
 * What a version read on the record's subject is reconciled against: the `synced` row, or for
 * a copy that is a seal's (take-track.ts), the record subject's last version as read here,
 * which a version is written over (its compare-and-set), when this phone knows what it said.
 * A seal that carries a change the versions lack (one sealed while the group read the wire)
 * is then a change made here: a version written without it (a phone on a build that reads
 * only the versions) is a conflict, shown, never written over the seal in silence (docs/wire.md,
 * "Reading a group's matches from the wire", step 3).
 */
function versionBase(synced: SyncedRow | undefined, sealed: boolean): SyncedRow | undefined {
	const record = synced?.onWire && !sealed ? synced.record : undefined;
	return record?.hash ? { ...synced!, hash: record.hash } : synced;
}

/**
 * One message of the group, reconciled and written (or refused) in its own transaction.
 * `sealed`: the version a seal on the group's wire says (take-track.ts), which carries no
 * contest: a conflict with it is shown on this phone only (docs/wire.md, "Reading a group's
 * matches from the wire": a conflict read from a seal).
 */
export async function take(
	core: SyncCore,
	subject: string,
	seq: number,
	msgId: string,
	data: Uint8Array,
	sealed = false
) {
	const thing = thingOfSubject(core.group, subject);
	if (!thing) return takeOther(core, subject, data);
	core.stale.delete(thing);
	const here = await readThing(core.db, core.group, thing);
	if (seq <= (here.synced?.seq ?? 0)) {
		// a version older than the seal the copy is as: what a version sent of it would expect
		if (here.synced?.onWire && !sealed) await moveRecordSeq(core.db, core.group, thing, seq);
		return;
	}
	const incoming = { thing, seq, msgId, data };
	const ours = new Set(here.outbox.map((entry) => entry.msgId));
	if (here.conflict && !ours.has(msgId)) return takeOverConflict(core, here, incoming);
	const local = await localOf(core, thing, here);
	const following = (await roleOf(thing.slice('match.'.length), core.db)) !== 'none';
	const copy = { hash: local.hash, ...followerOf(here.match, here.log, following) };
	const base = versionBase(here.synced, sealed);
	const decision = reconcile(copy, base, incoming, ours);
	const fields = { seq, msgId, hash: 'hash' in decision ? decision.hash : null };
	switch (decision.kind) {
		case 'known':
			return;
		case 'follow':
			// the group's newest version of a match followed here: should the pen come to this
			// phone, its next version is written over it (docs/group.md); with the pen here
			// already, a copy in no group is adopted now the group has the match (role.ts)
			await moveSeq(core.db, core.group, thing, seq);
			if (here.match?.group === null) await trackAgain(core.db, core.group, thing);
			return;
		case 'refused':
			return refuseThing(core, thing, seq, decision);
		case 'ours': {
			const entry = here.outbox.find((pending) => pending.msgId === msgId)!;
			await acknowledged(core.db, entry, seq);
			return core.board.refresh();
		}
		case 'same':
			await overHere(core, thing, here.match?.status);
			await writeSynced(core.db, {
				group: core.group,
				subject: thing,
				...fields,
				revision: here.match?.revision ?? -1,
				...(here.synced?.mergedInto ? { mergedInto: here.synced.mergedInto } : {})
			});
			for (const entry of here.outbox) await dropPending(core.db, entry.seq!);
			// another phone's version, which may go with a seal this phone never had (seals.ts)
			await letSealGo(core.db, core.group, thing);
			// its tracked change, if any, is looked at again: the group's is this phone's version
			core.built.delete(thing);
			return core.board.refresh();
		case 'keep-mine-and-send':
			// the record's last version read again: the seal's copy stays as it is
			if (base !== here.synced) return moveRecordSeq(core.db, core.group, thing, seq, base!.hash);
			await writeSynced(core.db, { ...(here.synced as SyncedRow), seq, msgId });
			// what was sent over the older version would be refused: built again over this one
			for (const entry of here.outbox) await dropPending(core.db, entry.seq!);
			if (here.outbox.length > 0) await trackAgain(core.db, core.group, thing);
			return;
		case 'conflict': {
			const mine = local.version ?? (await buildVersion(core, thing));
			if (!mine) return writeVersionHere(core, decision.version, fields, decision);
			await writeConflict(core.db, {
				group: core.group,
				subject: thing,
				mine,
				theirs: decision.version,
				theirsSeq: seq,
				theirsMsgId: msgId,
				at: core.now()
			});
			// this phone saw it first: its version goes to the group as contesting the
			// group's, so every phone shows both (a contest read here needs no answer)
			if (decision.version.contest === null && !sealed) {
				await queueVersion(core, thing, { ...mine, contest: seq }, digest(mine), -1, true);
			}
			return core.board.refresh();
		}
		case 'apply':
			await writeVersionHere(core, decision.version, fields, decision);
			await overHere(core, thing, decision.match?.status);
			// the counts moved only if a version of this thing was waiting here
			if (here.outbox.length > 0) await core.board.refresh();
			return;
	}
}

/**
 * Many messages, in the caller's transaction. A match this phone has nothing of (a joining
 * phone's whole record) is reconciled and proven as ever, then written with the others
 * like it in bulk (db/group/matches.ts, writeNewMatches: one read of the batch, who wins what
 * moved once); every other message is taken on its own, in its order, after those before it.
 * Answers how many were new here (reader.ts proves the next batch ahead when most were).
 * `sealed`: each the version a seal on the group's wire says (`take`; take-track.ts).
 */
export async function takeMany(
	core: SyncCore,
	batch: Message[],
	proven: Proven,
	sealed = false
): Promise<number> {
	const db = core.db;
	let here: BatchHere | null = null;
	let rosterMoved = false;
	let waiting: NewMatch[] = [];
	let fresh = 0;
	const write = async () => {
		await writeNewMatches(db, core.group, waiting, here!.players);
		waiting = [];
	};
	for (const [at, message] of batch.entries()) {
		const thing = thingOfSubject(core.group, message.subject);
		// the server's own messages write nothing: read at once, with no await, since a long
		// run of awaits on no request (a club's fifty members) ends Dexie's hold on the
		// transaction and the rest of the batch would be written outside it
		if (!thing) {
			takeOther(core, message.subject, message.data);
			continue;
		}
		if (thing.startsWith('match.')) {
			if (!here) {
				const rest = batch.slice(at).map((one) => thingOfSubject(core.group, one.subject));
				here = await readBatch(
					db,
					core.group,
					rest.filter((one) => one !== null)
				);
			} else if (rosterMoved) {
				if (waiting.length > 0) await write();
				here.players = await rosterHere(db);
			}
			rosterMoved = false;
			const incoming = { thing, seq: message.seq, msgId: message.msgId, data: message.data };
			const decision = here.fresh.has(thing)
				? (proven.get(message.seq) ?? reconcile({ hash: null }, undefined, incoming))
				: null;
			const seated =
				decision?.kind === 'apply' &&
				decision.match?.seats.every((seat) => here!.players.has(seat.playerId));
			if (seated) {
				// a second version of it in this batch is taken on its own, after this one
				here.fresh.delete(thing);
				core.stale.delete(thing);
				fresh++;
				waiting.push({
					match: decision.match!,
					fields: { seq: message.seq, msgId: message.msgId, hash: decision.hash }
				});
				continue;
			}
		}
		if (waiting.length > 0) await write();
		await take(core, message.subject, message.seq, message.msgId, message.data, sealed);
		// what it wrote: this thing, and perhaps the roster (a player made, merged, renamed)
		here?.fresh.delete(thing);
		rosterMoved = true;
	}
	if (waiting.length > 0) await write();
	return fresh;
}
