/**
 * What the group holds of one match, read from its stream by the phone (docs/wire.md, "Where
 * it is stored"): its entries, each checked as a live table checks it (signature, place, pen,
 * rules), or its newest seal once sealed. Read by entries.ts before it sends.
 */
import { DeliverPolicy, type JetStreamClient } from '@nats-io/jetstream';
import type { AnyGame, GameId } from '$lib/rules/common';
import { readSealEntry, type SealEntry } from '$lib/wire/entry';
import {
	groupEntriesOf,
	groupStreamOf,
	legacyEntrySubject,
	legacySealSubject,
	sealSubject
} from '$lib/wire/names.js';
import { readSigned } from '$lib/live/appending';
import { accept, begin, type LiveMatch, type Verdict } from '$lib/live/replay';

/**
 * The group's copy of a match, read: null when it has none; 'offline' when not read; 'sealed'
 * when what is left of its entries does not read as a log but the group holds its seal (the
 * keeper deletes a sealed match's entries one by one: a read meanwhile finds some).
 */
export type Copy = LiveMatch | null | 'offline' | 'unreadable' | 'sealed';

export interface EntriesRead {
	readonly rulesOf: (game: GameId) => AnyGame | undefined;
	/** where the build of 27 November stored them, not their own subjects */
	readonly before?: boolean;
	/** how long the read waits for the first entry (none: a new match) */
	readonly waitMs: number;
}

/**
 * The group's entries of match `id`, each checked (signature, place, pen, rules) as read: on
 * their own subjects, or (`before`) where the build of 27 November stored them.
 */
export async function heldEntries(
	js: JetStreamClient,
	group: string,
	id: string,
	read: EntriesRead
): Promise<Copy> {
	const copy = await entriesRead(js, group, id, read);
	if (copy !== 'unreadable') return copy;
	const seal = await heldSeal(js, group, id, read.waitMs);
	return seal && seal !== 'offline' ? 'sealed' : 'unreadable';
}

async function entriesRead(
	js: JetStreamClient,
	group: string,
	id: string,
	{ rulesOf, before = false, waitMs }: EntriesRead
): Promise<Copy> {
	let copy: LiveMatch | null = null;
	try {
		const consumer = await js.consumers.get(groupStreamOf(group), {
			// one subject as a string: a list needs nats-server 2.10 (Debian's is 2.9)
			filter_subjects: before ? legacyEntrySubject(group, id, '*') : groupEntriesOf(group, id),
			deliver_policy: DeliverPolicy.All
		});
		const messages = await consumer.fetch({ max_messages: 10_000, expires: waitMs });
		for await (const message of messages) {
			const read = await readSigned(message.data);
			if (!read.ok) return 'unreadable';
			const verdict: Verdict = copy
				? accept(copy, read.entry, message.seq)
				: begin(read.entry, message.seq, rulesOf);
			if (verdict.kind !== 'applied' && verdict.kind !== 'known') return 'unreadable';
			copy = verdict.live;
			if (message.info.pending === 0) break;
		}
	} catch {
		return 'offline';
	}
	return copy;
}

/**
 * The newest seal the group holds of match `id`: on its own subject, or where the build of 27
 * November put it (the keeper reads both, server/group-keeper.ts); null when none (a match not
 * sealed), 'offline' when not read. Each read waits `waitMs` at most for a message.
 */
export async function heldSeal(
	js: JetStreamClient,
	group: string,
	id: string,
	waitMs: number
): Promise<SealEntry | null | 'offline'> {
	try {
		// the seal's own subject first: the build of 27 November's is read only when it is empty
		const own = await newestOn(js, group, sealSubject(group, id), waitMs);
		return own ?? (await newestOn(js, group, legacySealSubject(group, id), waitMs));
	} catch {
		return 'offline';
	}
}

/** The newest message of `subject` in the group's stream, read as a seal (null: none, or not one). */
async function newestOn(
	js: JetStreamClient,
	group: string,
	subject: string,
	waitMs: number
): Promise<SealEntry | null> {
	const consumer = await js.consumers.get(groupStreamOf(group), {
		filter_subjects: subject,
		deliver_policy: DeliverPolicy.Last
	});
	for await (const message of await consumer.fetch({ max_messages: 1, expires: waitMs })) {
		const read = readSealEntry(message.data);
		return read.ok && read.entry.match === matchOf(subject) ? read.entry : null;
	}
	return null;
}

/** The match a seal's subject names (its last token). */
const matchOf = (subject: string) => subject.slice(subject.lastIndexOf('.') + 1);
