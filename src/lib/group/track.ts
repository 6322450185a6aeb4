/**
 * One track a match (docs/wire.md, "Reading a group's matches from the wire: the switch"): the
 * group's wire (`passpad.gw.<group>.>`, entries and seals) folded match by match, in the
 * stream's order. A match in play is its entries, each checked as a live table checks it
 * (signature, place, pen, the game's own reducer: live/replay.ts); a sealed match is its newest
 * seal, read as the group's version (sealed.ts), and what is left of its entries (the keeper
 * deletes them one by one after the seal) is let go. Pure but for the signature check.
 */
import type { AnyGame, GameId } from '$lib/rules/common';
import { readSealEntry, type SealEntry } from '$lib/wire/entry';
import { readSigned } from '$lib/live/appending';
import { accept, begin, type LiveMatch, type RefusedWhy } from '$lib/live/replay';
import { versionOfSealed } from './sealed';
import type { MatchVersion } from './record';

/** One match as the wire says it, with the stream sequence of the message that said it last. */
export type Track =
	| { readonly kind: 'in-play'; readonly live: LiveMatch; readonly seq: number }
	| { readonly kind: 'sealed'; readonly seal: SealEntry; readonly seq: number }
	/** an entry that does not follow (a hostile or broken message): the match waits for a seal */
	| {
			readonly kind: 'refused';
			readonly why: RefusedWhy | 'conflict';
			readonly seq: number;
	  };

/** What a subject of the group's wire names: a match's entry at `pos`, or its seal. */
export type WireSubject =
	| { readonly kind: 'entry'; readonly match: string; readonly pos: number }
	| { readonly kind: 'seal'; readonly match: string };

/** What `subject` names on `group`'s wire (names.js `groupEntrySubject`, `sealSubject`). */
export function wireSubjectOf(group: string, subject: string): WireSubject | null {
	const prefix = `passpad.gw.${group}.`;
	if (!subject.startsWith(prefix)) return null;
	const tokens = subject.slice(prefix.length).split('.');
	const [kind, match, pos] = tokens;
	// an empty token (`m..3`) names no match: nothing is kept of it, not even a refusal
	if (!match) return null;
	if (kind === 's' && tokens.length === 2) return { kind: 'seal', match };
	if (kind === 'm' && tokens.length === 3 && /^(0|[1-9][0-9]*)$/.test(pos)) {
		return { kind: 'entry', match, pos: Number(pos) };
	}
	return null;
}

/** A message of the wire as read: its subject, stream sequence and bytes. */
export interface WireMessage {
	readonly subject: string;
	readonly seq: number;
	readonly data: Uint8Array;
}

/** The group's matches as its wire says them, message after message. */
export class Tracks {
	readonly #tracks = new Map<string, Track>();

	constructor(
		private readonly group: string,
		private readonly rulesOf: (game: GameId) => AnyGame | undefined
	) {}

	/** The match `message` moved, or null (not the wire's, a stale seal, a sealed match's entry). */
	async read(message: WireMessage): Promise<string | null> {
		const named = wireSubjectOf(this.group, message.subject);
		if (!named) return null;
		const now = this.#tracks.get(named.match);
		if (now && message.seq <= now.seq) return null;
		if (named.kind === 'seal') {
			const read = readSealEntry(message.data);
			// a seal that does not read leaves the match as it was: the keeper wrote it, so a
			// broken one is a server's fault the next seal mends
			if (!read.ok || read.entry.match !== named.match) return null;
			this.#tracks.set(named.match, { kind: 'sealed', seal: read.entry, seq: message.seq });
			return named.match;
		}
		if (now?.kind === 'sealed' || now?.kind === 'refused') return null;
		const read = await readSigned(message.data);
		if (!read.ok) return this.#refuse(named.match, read.why, message.seq);
		if (read.entry.match !== named.match || read.entry.pos !== named.pos) {
			return this.#refuse(named.match, 'other-match', message.seq);
		}
		const verdict = now
			? accept(now.live, read.entry, message.seq)
			: begin(read.entry, message.seq, this.rulesOf);
		if (verdict.kind === 'known') return null;
		if (verdict.kind !== 'applied') {
			return this.#refuse(
				named.match,
				verdict.kind === 'conflict' ? 'conflict' : verdict.why,
				message.seq
			);
		}
		this.#tracks.set(named.match, { kind: 'in-play', live: verdict.live, seq: message.seq });
		return named.match;
	}

	/**
	 * Whether `message` is an entry past the start of a match not read here (a reading begun
	 * after its start: a phone started again): its entries are then read whole (`adopt`).
	 */
	joinsMidway(message: WireMessage): string | null {
		const named = wireSubjectOf(this.group, message.subject);
		if (named?.kind !== 'entry' || named.pos === 0 || this.#tracks.has(named.match)) return null;
		return named.match;
	}

	/** A match in play read whole from the group (held.ts), as far as `seq`. */
	adopt(match: string, live: LiveMatch, seq: number): void {
		const now = this.#tracks.get(match);
		if (now && now.seq >= seq) return;
		this.#tracks.set(match, { kind: 'in-play', live, seq });
	}

	#refuse(match: string, why: Extract<Track, { kind: 'refused' }>['why'], seq: number) {
		this.#tracks.set(match, { kind: 'refused', why, seq });
		return match;
	}

	track(match: string): Track | undefined {
		return this.#tracks.get(match);
	}

	get size(): number {
		return this.#tracks.size;
	}

	matches(): IterableIterator<[string, Track]> {
		return this.#tracks.entries();
	}
}

/**
 * The group's version of a sealed match (sealed.ts: the digest of the version its sealing phone
 * sends), or null: a match in play is followed, not taken as a version (docs/wire.md, "Reading a
 * group's matches from the wire: the switch").
 */
export function versionOfTrack(track: Track): MatchVersion | null {
	return track.kind === 'sealed' ? versionOfSealed(track.seal) : null;
}
