// The keeper for a group's matches (docs/wire.md, "Who writes: the server appends, after
// checking"; "Where it is stored"): a member sends each entry of a match as a request to its
// group's `append` service (names.js `groupAppendSubject`, imported by the group's account from
// the keeper's: only its members may publish to it, never the board, config.ts). The entry is
// checked exactly as a table's (ledger.ts: signature, place, the pen, the game's reducer, the
// pen's silence; the group's quota here), its key first against the keys the group's members
// registered (member-keys.ts: any other key, or a removed member's, is `not-yours`), and stored by the group's clerk (clerks.ts) on the
// match's entry subject in the group's own stream, one subject a position with compare-and-set
// on it. A seal (group-seal.ts) is stored on `s.<match>`, and the match's entries are deleted
// then, one by one, so a new phone reads one message per finished match; a sealed match changed
// since is sealed again on the same subject, over the newest seal (any member's key). Never purged: on
// nats-server 2.9.10 a purge with a subject filter moves every consumer of the stream to its
// end, so a member away meanwhile would never read the versions stored before it (measured,
// docs/wire.md, "Where it is stored"). A group's stream made before sealing denies deletes
// (streams.ts): it takes no entry (`kept-whole`), its matches go on as whole versions only, so
// its store never holds a match twice.
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { JetStreamApiError } from '@nats-io/jetstream';
import {
	ALL_GROUP_APPENDS,
	GROUP_ID,
	MATCH_ID,
	groupEntriesOf,
	groupEntrySubject,
	groupStreamOf,
	groupWireOf,
	legacyEntrySubject,
	legacySealSubject,
	sealSubject
} from '../src/lib/wire/names.js';
import type { AppendAnswer } from '../src/lib/wire/append';
import { readSealEntry, type SealEntry } from '../src/lib/wire/entry';
import type { Clerk } from './clerks';
import { signedSeal } from './judge';
import { WRONG_LAST_SEQUENCE, loadCopy, startLedger, type Place } from './ledger';
import { afterSeal, judgeSeal, type GroupCopy, type HeldSeal } from './group-seal';
import { penSilenceOf, throughImport } from './keeper';
import { Quota } from './quota';
import { PenSilence } from './silence';
import type { MemberKeys } from './member-keys';

/** A stored seal as the seal written over it is judged against (group-seal.ts). */
const heldOf = (seal: SealEntry, seq: number, subject: string): HeldSeal => ({
	id: seal.id,
	seq,
	pos: seal.pos,
	start: seal.change.start,
	subject
});

/** A sealed match's copy: no entries (deleted), its newest seal. */
const heldCopy = (sealed: HeldSeal): GroupCopy => ({ live: null, lastSeq: sealed.seq, sealed });

export interface GroupKeeperOptions {
	/** each group's entries and bytes a minute (limits.ts: a table's numbers) */
	quota?: Quota;
	/** the members' registered keys (member-keys.ts): an entry of any other key is `not-yours` */
	members?: MemberKeys;
	penSilenceMs?: number;
	now?: () => number;
	log?: (line: string) => void;
}

/** `passpad.append.g.<group>.<match>` as its group and match, or null. */
export function groupAppendTarget(subject: string): { group: string; match: string } | null {
	const [passpad, append, g, group, match, ...rest] = subject.split('.');
	if (passpad !== 'passpad' || append !== 'append' || g !== 'g' || rest.length) return null;
	if (!GROUP_ID.test(group ?? '') || !MATCH_ID.test(match ?? '')) return null;
	return { group, match };
}

export function startGroupKeeper(
	nc: NatsConnection,
	clerks: { of(group: string): Promise<Clerk> },
	options: GroupKeeperOptions = {}
) {
	const quota = options.quota ?? new Quota();
	const now = options.now ?? Date.now;
	const log = options.log ?? (() => {});
	const silence = new PenSilence(
		now(),
		options.penSilenceMs ?? penSilenceOf(process.env.PASSPAD_PEN_SILENCE_MS)
	);
	const ledger = startLedger({ silence, now, log });
	/** groups whose stream deletes (only a yes is kept: a stream made anew may delete later) */
	const deleting = new Set<string>();

	/**
	 * Whether the entry's key was registered by a member of the group not removed (docs/wire.md,
	 * "Who writes", check 2): every kind of entry, the start and the seal too.
	 */
	async function admits(group: string, entry: { key?: string }): Promise<boolean> {
		const { members } = options;
		if (!members) return true;
		return !!entry.key && (await members.writerOf(group, entry.key)) !== null;
	}

	/** matches whose entries the build of 27 November stored among the record's subjects */
	const legacy = new Set<string>();

	/**
	 * Whether the group's stream lets the clerk delete a sealed match's entries; a stream made
	 * before the entries had their own subjects (names.js `groupWireOf`) is given them.
	 */
	async function takesEntries(group: string): Promise<boolean> {
		if (deleting.has(group)) return true;
		const { jsm } = await clerks.of(group);
		const info = await jsm.streams.info(groupStreamOf(group));
		if (info.config.deny_delete) return false;
		const subjects = info.config.subjects ?? [];
		if (!subjects.includes(groupWireOf(group))) {
			await jsm.streams.update(groupStreamOf(group), {
				...info.config,
				subjects: [...subjects, groupWireOf(group)]
			});
			log(`keeper: ${group}: the group's stream takes its entries on their own subjects`);
		}
		deleting.add(group);
		return true;
	}

	/** The match's entries, where they are: their own subjects, else where that build put them. */
	async function entriesOf(group: string, match: string) {
		const { js } = await clerks.of(group);
		const stream = groupStreamOf(group);
		const copy = await loadCopy(js, stream, groupEntriesOf(group, match), match);
		if (copy.live) return copy;
		const before = await loadCopy(js, stream, legacyEntrySubject(group, match, '*'), match);
		if (before.live) legacy.add(`${group}.${match}`);
		return before.live ? before : copy;
	}

	/** The match's seal, on its own subject or where the build of 27 November put it. */
	async function sealOf(group: string, match: string) {
		const { jsm } = await clerks.of(group);
		const stream = groupStreamOf(group);
		for (const subject of [sealSubject(group, match), legacySealSubject(group, match)]) {
			const found = await jsm.streams
				.getMessage(stream, { last_by_subj: subject })
				.catch(() => null);
			if (found) return found;
		}
		return null;
	}

	/** A group's match as the ledger stores it: its seal if it has one, else its entries. */
	function placeOf(group: string, match: string): Place<GroupCopy> {
		return {
			key: `g.${group}.${match}`,
			match,
			admits: (entry) => admits(group, entry),
			load: async (): Promise<GroupCopy> => {
				// the newest seal: a keeper started again writes the next one over it
				const seal = await sealOf(group, match);
				if (seal) {
					// entries the deletes after the seal left (a crash before they were on the disk)
					await sweep(group, match);
					const read = readSealEntry(seal.data);
					return heldCopy(
						read.ok
							? heldOf(read.entry, seal.seq, seal.subject)
							: { id: '', seq: seal.seq, pos: -1, start: null, subject: seal.subject }
					);
				}
				return entriesOf(group, match);
			},
			// one entry a position: the subject of a free position has no message yet; a match
			// whose entries that build stored goes on where they are
			store: async (bytes, entry) =>
				(await clerks.of(group)).js.publish(
					(legacy.has(`${group}.${match}`) ? legacyEntrySubject : groupEntrySubject)(
						group,
						match,
						entry.pos
					),
					bytes,
					{ msgID: entry.id, expect: { lastSubjectSequence: 0 } }
				)
		};
	}

	/**
	 * Deletes the match's entries still stored beside its seal, each by its sequence and erased
	 * (overwritten in its block): deleted without, an entry came back with the server killed
	 * (group-keeper.test.ts)
	 */
	async function sweep(group: string, match: string, seqs?: readonly number[]) {
		const clerk = await clerks.of(group);
		const stream = groupStreamOf(group);
		const left = seqs ?? (await entriesOf(group, match)).live?.seqs;
		for (const seq of left ?? []) {
			await clerk.jsm.streams
				.deleteMessage(stream, seq, true)
				.catch((error) =>
					log(`keeper: g.${group}.${match}: entry ${seq} kept: ${String(error?.message)}`)
				);
		}
	}

	/**
	 * The seal checked (group-seal.ts) and stored on `s.<match>` with compare-and-set: the first
	 * on an empty subject, then the match's entries deleted; a seal written again (a sealed match
	 * changed) over the one held, expecting its sequence, so two phones sealing a change at once
	 * store one, even through two keepers.
	 */
	async function seal(
		place: Place<GroupCopy>,
		group: string,
		bytes: Uint8Array,
		again = true
	): Promise<AppendAnswer> {
		const signed = await signedSeal(bytes, place.match);
		if (!signed.ok) return signed.answer;
		if (!(await admits(group, signed.entry))) return { ok: false, why: 'not-yours' };
		const copy = await ledger.copyOf(place);
		const judged = judgeSeal(copy, signed.entry);
		if (judged !== 'store') return judged;
		const clerk = await clerks.of(group);
		const held = copy.sealed;
		const subject = held?.subject ?? sealSubject(group, place.match);
		const ack = await clerk.js
			.publish(subject, bytes, {
				msgID: signed.entry.id,
				expect: { lastSubjectSequence: held?.seq ?? 0 }
			})
			.catch((error) => {
				ledger.forget(place.key);
				if (!(error instanceof JetStreamApiError)) throw error;
				if (/maximum (bytes|messages)/i.test(error.message)) return 'full' as const;
				// another seal got there first (a second keeper): judged again against it
				if (error.code === WRONG_LAST_SEQUENCE && again) return 'again' as const;
				throw error;
			});
		if (ack === 'full') return { ok: false, why: 'full' };
		if (ack === 'again') return seal(place, group, bytes, false);
		ledger.keep(place.key, heldCopy(heldOf(signed.entry, ack.seq, subject)));
		// each entry by its sequence (judgeSeal: the copy is the whole log); one left stands
		// beside the seal, which is read first, and goes when the match is read again
		await sweep(group, place.match, copy.live?.seqs ?? []);
		return { ok: true, seq: ack.seq, duplicate: ack.duplicate };
	}

	async function append(group: string, match: string, bytes: Uint8Array) {
		if (!(await takesEntries(group))) return { ok: false, why: 'kept-whole' } as const;
		const place = placeOf(group, match);
		if (readSealEntry(bytes).ok) return seal(place, group, bytes);
		const sealed = afterSeal(await ledger.copyOf(place));
		return sealed ?? ledger.append(place, bytes);
	}

	function heard(msg: Msg) {
		const target = groupAppendTarget(msg.subject);
		// a member's request comes through its group account's import only (keeper.ts)
		if (!target || !throughImport(msg.reply)) return;
		const respond = (answer: AppendAnswer) => {
			try {
				msg.respond(JSON.stringify(answer));
			} catch {
				// the phone is gone: it reads the group when it is back
			}
		};
		if (!quota.take(`g.${target.group}`, msg.data.length, now())) {
			return respond({ ok: false, why: 'slow-down' });
		}
		ledger.serial(`g.${target.group}.${target.match}`, async () => {
			const answer = await append(target.group, target.match, msg.data).catch((error) => {
				ledger.forget(`g.${target.group}.${target.match}`);
				log(`keeper: ${target.group} ${target.match}: ${String(error?.message ?? error)}`);
				return null;
			});
			if (answer) respond(answer);
		});
	}

	const subscription = nc.subscribe(ALL_GROUP_APPENDS, {
		callback: (error, msg) => {
			if (!error) heard(msg);
		}
	});

	return {
		/** Stops listening; the appends under way finish. */
		async stop() {
			subscription.unsubscribe();
			await ledger.drained();
		}
	};
}
