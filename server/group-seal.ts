// Whether the keeper stores a group match's seal (docs/wire.md, "What travels": `seal`; "Where
// it is stored": sealing): pure, so each refusal is tested without a server. Only the pen
// seals, at the end of the log the server holds, once the game's own reducer says the match is
// over (or the pen abandons it), and the seal's start and log must be the server's: a seal is what a new
// phone reads instead of the match's entries, so it says nothing the entries did not.
import { canonicalJson } from '../src/lib/wire/canonical';
import type { AppendAnswer } from '../src/lib/wire/append';
import type { Entry, SealEntry } from '../src/lib/wire/entry';
import { penWrote } from '../src/lib/live/replay';
import type { Copy } from './judge';

/** A group match's copy: its entries as a table's, and its seal once it has one. */
export interface GroupCopy extends Copy {
	/** the seal stored on `s.<match>`: the match takes no entry after it */
	readonly sealed?: { readonly id: string; readonly seq: number };
}

/** What the table has, for a seal that is not where the log ends. */
function moved(copy: Copy): AppendAnswer {
	const entries = copy.live?.entries ?? [];
	return {
		ok: false,
		why: 'moved',
		length: entries.length,
		last: entries.length ? entries[entries.length - 1].id : null
	};
}

/** `store`: the seal may be stored; else the keeper's answer. */
export function judgeSeal(copy: GroupCopy, seal: SealEntry): AppendAnswer | 'store' {
	if (copy.sealed) {
		// a retried seal whose answer was lost is answered as stored; anything else is too late
		return copy.sealed.id === seal.id
			? { ok: true, seq: copy.sealed.seq, duplicate: true }
			: { ok: false, why: 'sealed' };
	}
	const live = copy.live;
	if (!live) return moved(copy);
	const last = live.entries[live.entries.length - 1];
	if (seal.pos !== live.entries.length || seal.prev !== last.id) return moved(copy);
	// the pen's phone and key, as for an action (replay.ts); the change is not read
	if (!penWrote(live.pen, seal as unknown as Entry)) return { ok: false, why: 'not-yours' };
	const { change } = seal;
	if (!change.abandoned && live.game.outcome(live.state) === null) {
		return { ok: false, why: 'not-over' };
	}
	const actions = change.log.map((one) => one.action);
	if (
		canonicalJson(actions) !== canonicalJson(live.actions) ||
		canonicalJson(change.start) !== canonicalJson(live.start) ||
		change.players.length !== live.start.names.length
	) {
		return { ok: false, why: 'not-the-log' };
	}
	return 'store';
}

/** An entry (not a seal) of a sealed match: refused, whoever sends it (a `start` at 0 too). */
export const afterSeal = (copy: GroupCopy): AppendAnswer | null =>
	copy.sealed ? { ok: false, why: 'sealed' } : null;
