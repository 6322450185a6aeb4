// The pen's silence at the keeper (docs/live.md, "The pen"; docs/wire.md, "What travels": the
// pen lives in the log only): a `pen` entry from another key than the holder's is stored only
// once the holder has said nothing for PEN_SILENCE_MS: no entry appended with its key, no `here`
// proven by it, counted from the later of those and the match's last `pen` entry. What the
// keeper never heard (before it started, or a match it forgot for room) counts as heard then: it
// never hands a pen away because it forgot. Pure: the clock is given.
import { PEN_SILENCE_MS } from '../src/lib/wire/limits';

/** Matches whose words the keeper keeps at once; the least recently heard is forgotten. */
const MATCHES = 10_000;
/** Writers heard per match (a table's few phones; a leaked link's new keys): the oldest is forgotten. */
const WRITERS = 16;

interface Heard {
	/** when the last `pen` entry was stored, or when the keeper began to listen to the match */
	since: number;
	/** per writer (a key, or `by:<phone id>` for a pen that has no key): when last heard */
	words: Map<string, { at: number; clock: number }>;
}

/** A writer as the silence counts it: its key; a pen with no key (an older build's), its phone id. */
export const writerOf = (key: string | undefined, by: string) => key ?? `by:${by}`;

export class PenSilence {
	readonly #matches = new Map<string, Heard>();
	readonly #silence: number;
	/** a match not heard of counts from this: the keeper's start, or the last word of one it forgot */
	#forgotten: number;

	constructor(started: number, silence = PEN_SILENCE_MS) {
		this.#forgotten = started;
		this.#silence = silence;
	}

	#heard(match: string): Heard {
		let heard = this.#matches.get(match);
		if (heard) this.#matches.delete(match);
		heard ??= { since: this.#forgotten, words: new Map() };
		// most recently heard last: the first is the one forgotten
		this.#matches.set(match, heard);
		if (this.#matches.size > MATCHES) {
			// a match heard again after it was forgotten counts from no earlier than its last word
			const [oldest, gone] = this.#matches.entries().next().value as [string, Heard];
			this.#matches.delete(oldest);
			this.#forgotten = Math.max(this.#forgotten, latest(gone));
		}
		return heard;
	}

	/** An entry stored at `now` with these writers (its key and its phone id); a `pen` entry restarts the count. */
	stored(match: string, writers: readonly string[], pen: boolean, now: number) {
		const heard = this.#heard(match);
		for (const writer of writers) {
			word(heard, writer, { at: now, clock: heard.words.get(writer)?.clock ?? -1 });
		}
		if (pen) heard.since = now;
	}

	/**
	 * A proven `here` of `writer`, its phone's clock at `clock`: counted unless it is no newer
	 * than one heard before (a copy sent again later proves nothing).
	 */
	here(match: string, writer: string, clock: number, now: number) {
		const heard = this.#heard(match);
		const before = heard.words.get(writer);
		if (before && clock <= before.clock) return;
		word(heard, writer, { at: now, clock });
	}

	/** Whether the holder (`writers`: its key, or its phone id) has been silent for the pen's silence at `now`. */
	silent(match: string, writers: readonly string[], now: number): boolean {
		const heard = this.#matches.get(match) ?? { since: this.#forgotten, words: new Map() };
		const last = Math.max(heard.since, ...writers.map((one) => heard.words.get(one)?.at ?? 0));
		return now - last >= this.#silence;
	}
}

/**
 * A writer's word kept: past WRITERS, the one first heard is forgotten, and the match counts
 * from no earlier than its word (so many new keys cannot make the holder's word forgotten).
 */
function word(heard: Heard, writer: string, said: { at: number; clock: number }) {
	if (!heard.words.has(writer) && heard.words.size >= WRITERS) {
		const [first, gone] = heard.words.entries().next().value as [string, { at: number }];
		heard.words.delete(first);
		heard.since = Math.max(heard.since, gone.at);
	}
	heard.words.set(writer, said);
}

/** The last moment anything was heard of a match. */
function latest(heard: Heard): number {
	return Math.max(heard.since, ...[...heard.words.values()].map((word) => word.at));
}
