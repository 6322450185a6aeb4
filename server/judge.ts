// What the keeper decides about one entry a phone asks it to append (docs/wire.md, "Who
// writes: the server appends, after checking"): pure, so every refusal is tested without a
// server. It judges with the phones' own check (src/lib/live/replay.ts: the place, the pen, the
// game's reducer), so the server never stores what a phone would refuse, and a phone is never
// refused what every other phone would accept.
import { RULES } from '../src/lib/rules/registry';
import { readEntry, readSealEntry, type Entry, type SealEntry } from '../src/lib/wire/entry';
import { accept, begin, settled, type LiveMatch } from '../src/lib/live/replay';
import type { AppendAnswer } from '../src/lib/wire/append';
import { verified } from '../src/lib/wire/signing';

/** The server's copy of one match: its entries as checked, and its subject's last sequence. */
export interface Copy {
	/** null: nothing on the subject yet (or nothing a phone would read as a start) */
	readonly live: LiveMatch | null;
	/** the stream sequence of the subject's last message, whatever it is: the append expects it */
	readonly lastSeq: number;
}

export const EMPTY: Copy = { live: null, lastSeq: 0 };

export type Judged =
	| { readonly kind: 'answer'; readonly answer: AppendAnswer }
	/** store it: `next` is the copy once it is stored at its sequence */
	| { readonly kind: 'append'; readonly entry: Entry; readonly next: (seq: number) => Copy };

const rulesOf = (game: keyof typeof RULES) => RULES[game];

/** The answer when the entry is not where the table's log ends: what the table has instead. */
function moved(live: LiveMatch | null): AppendAnswer {
	const last = live ? live.entries[live.entries.length - 1].id : null;
	return { ok: false, why: 'moved', length: live?.entries.length ?? 0, last };
}

const NOT_PASSPAD = { kind: 'answer', answer: { ok: false, why: 'not-passpad' } } as const;

type Signed<E> = { ok: true; entry: E } | { ok: false; answer: AppendAnswer };

/**
 * A phone's entry as the keeper reads it: an entry of match `match`, carrying its writer's key
 * and that key's signature (wire/signing.ts); or the answer why not. A signature that fails is
 * `not-yours`: the writer is not the key it names.
 */
export const signedEntry = (bytes: Uint8Array, match: string): Promise<Signed<Entry>> =>
	signedAs(readEntry(bytes), match);

/** A seal (wire/entry.ts, `SealEntry`) as the keeper reads it, with the same checks as an entry. */
export const signedSeal = (bytes: Uint8Array, match: string): Promise<Signed<SealEntry>> =>
	signedAs(readSealEntry(bytes), match);

async function signedAs<E extends Entry | SealEntry>(
	read: { ok: true; entry: E; data: unknown } | { ok: false },
	match: string
): Promise<Signed<E>> {
	if (!read.ok || read.entry.match !== match || !read.entry.key || !read.entry.sig) {
		return { ok: false, answer: NOT_PASSPAD.answer };
	}
	// a word more than an entry has is stored by no one: the stream keeps entries only, so
	// nothing read from it elsewhere (an ask's `name`) can be smuggled in one
	const extra = Object.keys(read.data as object).filter((word) => !(word in read.entry));
	if (extra.length) return { ok: false, answer: NOT_PASSPAD.answer };
	if (!(await verified(read.data))) return { ok: false, answer: { ok: false, why: 'not-yours' } };
	return { ok: true, entry: read.entry };
}

/** An entry's bytes for match `match` against the server's copy (the stream's own, read back). */
export function judge(copy: Copy, bytes: Uint8Array, match: string): Judged {
	const read = readEntry(bytes);
	if (!read.ok || read.entry.match !== match) return NOT_PASSPAD;
	return judgeEntry(copy, read.entry);
}

/**
 * A start names the group's player of each seat, or none (a table outside a group, an earlier
 * build): docs/wire.md, "Reading a group's matches from the wire".
 */
const playersFit = ({ change }: Entry) =>
	change.kind !== 'start' || !change.players || change.players.length === change.names.length;

/** A read entry against the server's copy: its place, its writer against the pen, the rules. */
export function judgeEntry(copy: Copy, entry: Entry): Judged {
	if (!playersFit(entry)) return NOT_PASSPAD;
	const { live } = copy;
	const verdict = live ? accept(live, entry, 0) : entry.pos === 0 ? begin(entry, 0, rulesOf) : null;
	if (!verdict || verdict.kind === 'conflict') return { kind: 'answer', answer: moved(live) };
	if (verdict.kind === 'known') {
		// a retried entry already stored (its answer was lost): answered as stored
		const seq = live?.seqs[entry.pos] ?? 0;
		return { kind: 'answer', answer: { ok: true, seq, duplicate: true } };
	}
	if (verdict.kind === 'applied') {
		return {
			kind: 'append',
			entry,
			next: (seq) => ({ live: settled(verdict.live, entry.pos, seq), lastSeq: seq })
		};
	}
	switch (verdict.why) {
		case 'out-of-place':
			return { kind: 'answer', answer: moved(live) };
		case 'not-pen':
			return { kind: 'answer', answer: { ok: false, why: 'not-yours' } };
		case 'not-start':
			// a start past position 0, or a first entry that is no start
			return { kind: 'answer', answer: { ok: false, why: 'refused', code: 'not-start' } };
		default: {
			const code = verdict.refusal?.code ?? verdict.why;
			const params = verdict.refusal?.params;
			const answer = params
				? ({ ok: false, why: 'refused', code, params: { ...params } } as const)
				: ({ ok: false, why: 'refused', code } as const);
			return { kind: 'answer', answer };
		}
	}
}

/**
 * The copy read back from the stream: every message of the match's subject, in order, each
 * checked as a phone checks it (a message a phone refuses, written before the keeper existed,
 * is skipped as a phone skips it, but the next append still expects its sequence).
 */
export function fold(messages: Iterable<{ seq: number; data: Uint8Array }>, match: string): Copy {
	let copy: Copy = EMPTY;
	for (const { seq, data } of messages) {
		const judged = judge(copy, data, match);
		copy = judged.kind === 'append' ? judged.next(seq) : { ...copy, lastSeq: seq };
	}
	return copy;
}
