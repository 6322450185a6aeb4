// The keeper's one path from a phone's entry to a stream (docs/wire.md, "Who writes: the
// server appends, after checking"), shared by a live table's matches (keeper.ts) and a group's
// (group-keeper.ts): the keeper's copy of each match, the checks (judge.ts; the pen's silence,
// silence.ts), and the append with compare-and-set, one at a time per match. Where a match is
// stored is the caller's `Place`.
import {
	DeliverPolicy,
	JetStreamApiError,
	type JetStreamClient,
	type PubAck
} from '@nats-io/jetstream';
import type { AppendAnswer } from '../src/lib/wire/append';
import type { Entry } from '../src/lib/wire/entry';
import { penWrote } from '../src/lib/live/replay';
import { EMPTY, fold, judgeEntry, signedEntry, type Copy } from './judge';
import { PenSilence, writerOf } from './silence';

/** JetStream's "wrong last sequence": a message reached the subject that the copy lacks. */
export const WRONG_LAST_SEQUENCE = 10071;
/** Matches whose copy the keeper holds at once; the least recently used is read again if needed. */
const COPIES = 2_000;
/** How often an entry behind a match's copy may make the keeper read the match again. */
const RECHECK_MS = 2_000;

/** Where one match is stored, and how the keeper reads it back and appends to it. */
export interface Place<C extends Copy = Copy> {
	/** the match's key among the keeper's copies, its queue and its pen's silence */
	readonly key: string;
	readonly match: string;
	/** the copy as the stream has it */
	load(): Promise<C>;
	/** stores the judged entry, with compare-and-set against `copy` (the stream's own check) */
	store(bytes: Uint8Array, entry: Entry, copy: C): Promise<PubAck>;
	/**
	 * whether the entry's key may write here at all, before its place is judged (a group's
	 * match: a key registered by a member not removed, group-keeper.ts); refused `not-yours`
	 */
	admits?(entry: Entry): Promise<boolean>;
	/** once stored at `seq`: what else the place does with it (a table's feed) */
	stored?(bytes: Uint8Array, seq: number, copy: C): void;
}

/** Every message of `subject` (one, or a wildcard) in `stream`, read in order: the copy as the stream has it. */
export async function loadCopy(
	js: JetStreamClient,
	stream: string,
	subject: string,
	match: string
): Promise<Copy> {
	const consumer = await js.consumers.get(stream, {
		filter_subjects: subject,
		deliver_policy: DeliverPolicy.All
	});
	const info = await consumer.info(true);
	if (info.num_pending === 0) return EMPTY;
	const messages: { seq: number; data: Uint8Array }[] = [];
	const reading = await consumer.consume({ max_messages: 256, expires: 2_000 });
	for await (const message of reading) {
		messages.push({ seq: message.seq, data: message.data });
		if (message.info.pending === 0) break;
	}
	reading.stop();
	return fold(messages, match);
}

export interface LedgerOptions {
	silence: PenSilence;
	now: () => number;
	log: (line: string) => void;
}

export function startLedger({ silence, now, log }: LedgerOptions) {
	const copies = new Map<string, Copy>();
	const queues = new Map<string, Promise<void>>();
	/** when each match's copy was last read again for an entry behind it */
	const rechecked = new Map<string, number>();

	function keep(key: string, copy: Copy) {
		copies.delete(key);
		copies.set(key, copy);
		if (copies.size > COPIES) copies.delete(copies.keys().next().value as string);
	}

	async function copyOf<C extends Copy>(place: Place<C>): Promise<C> {
		const held = copies.get(place.key) as C | undefined;
		if (held) {
			// most recently used last: the first is the one dropped
			keep(place.key, held);
			return held;
		}
		const copy = await place.load();
		keep(place.key, copy);
		return copy;
	}

	/** The entry checked and stored, or why not; null: no answer (the phone sends it again). */
	async function append<C extends Copy>(
		place: Place<C>,
		bytes: Uint8Array,
		again = true
	): Promise<AppendAnswer | null> {
		const { key, match } = place;
		const signed = await signedEntry(bytes, match);
		if (!signed.ok) return signed.answer;
		if (place.admits && !(await place.admits(signed.entry))) return { ok: false, why: 'not-yours' };
		const copy = await copyOf(place);
		const judged = judgeEntry(copy, signed.entry);
		const { entry } = signed;
		// the pen taken from another phone: only after its holder's silence (silence.ts)
		const holder = copy.live?.pen;
		if (
			judged.kind === 'append' &&
			holder &&
			entry.change.kind === 'pen' &&
			!penWrote(holder, entry) &&
			!silence.silent(key, [writerOf(holder.key, holder.by)], now())
		) {
			return { ok: false, why: 'pen-held' };
		}
		if (judged.kind === 'answer') {
			// an entry behind the copy may be right: the stream came back shorter than the copy
			// (docs/live.md, "Durability"). Read again, at most once a while per match, so that
			// entries sent out of place cannot make the keeper read a stream over and over
			const { answer } = judged;
			if (!answer.ok && answer.why === 'moved' && again && (answer.length ?? 0) > entry.pos) {
				const clock = Date.now();
				if (clock - (rechecked.get(key) ?? 0) >= RECHECK_MS) {
					if (rechecked.size > COPIES) rechecked.clear();
					rechecked.set(key, clock);
					copies.delete(key);
					return append(place, bytes, false);
				}
			}
			return answer;
		}
		try {
			const ack = await place.store(bytes, judged.entry, copy);
			if (ack.duplicate) {
				// stored before, and the copy missed it: read again at the next append
				copies.delete(key);
				return { ok: true, seq: ack.seq, duplicate: true };
			}
			keep(key, judged.next(ack.seq));
			const writers = [writerOf(entry.key, entry.by), writerOf(undefined, entry.by)];
			silence.stored(key, writers, entry.change.kind === 'pen', now());
			place.stored?.(bytes, ack.seq, copy);
			return { ok: true, seq: ack.seq, duplicate: false };
		} catch (error) {
			copies.delete(key);
			if (error instanceof JetStreamApiError) {
				// someone else wrote on the subject (an admin): the copy is read again, and judged once more
				if (error.code === WRONG_LAST_SEQUENCE && again) return append(place, bytes, false);
				if (/maximum (bytes|messages)/i.test(error.message)) return { ok: false, why: 'full' };
			}
			log(`keeper: ${key}: ${String((error as Error)?.message ?? error)}`);
			// stored or not, unknown: the phone sends it again with the same id, which is then known
			return null;
		}
	}

	/** One append at a time per match: each is judged against the copy the one before left. */
	function serial(key: string, step: () => Promise<void>) {
		const next = (queues.get(key) ?? Promise.resolve()).then(step).catch(() => {});
		queues.set(key, next);
		void next.then(() => {
			if (queues.get(key) === next) queues.delete(key);
		});
	}

	return {
		append,
		copyOf,
		keep,
		/** the copy is read from the stream again at the next append */
		forget: (key: string) => copies.delete(key),
		serial,
		/** the appends under way, finished */
		drained: () => Promise.all(queues.values())
	};
}

export type Ledger = ReturnType<typeof startLedger>;
