// Whether the keeper stores a group match's seal (docs/wire.md, "What travels": `seal`; "Where
// it is stored": sealing): pure, so each refusal is tested without a server. Only the pen
// seals, at the end of the log the server holds, once the game's own reducer says the match is
// over (or the pen abandons it), and the seal's start and log must be the server's, with a
// player a seat: a seal is what a new phone reads instead of the match's entries, so it says
// nothing the entries did not (its players may have been merged since: `playersOfStart`). A
// sealed match changed since (a note, a correction of its log, its time played, a move taken
// back after its end) is sealed again over the seal the server holds, by any member, as the
// match now is, over or not: the pen writes no more entries, and the change is the record's, as
// a version's is (docs/wire.md, "What travels": after `seal`). A match the group holds nothing
// of on its wire (recorded before its group took entries) is put there by its first seal, at
// position 0, by any member (`judgeFirstSeal`).
// Every way, a seal says when the match was abandoned only if it says it was (`not-passpad`).
import { canonicalJson } from '../src/lib/wire/canonical';
import type { AppendAnswer } from '../src/lib/wire/append';
import type { Entry, SealEntry } from '../src/lib/wire/entry';
import { penWrote } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { replay } from '../src/lib/rules/common';
import type { Copy } from './judge';

/** The newest seal the server holds of a match: what a seal written again is written over. */
export interface HeldSeal {
	readonly id: string;
	/** its stream sequence: the next seal expects it (compare-and-set on its subject) */
	readonly seq: number;
	/** its position: the seal written over it is at the next */
	readonly pos: number;
	/** the match's start it holds: no seal changes it (null: a message no seal reads) */
	readonly start: SealEntry['change']['start'] | null;
	/** where it is stored (`s.<match>`, or where the build of 27 November put it) */
	readonly subject: string;
}

/** A group match's copy: its entries as a table's, and its seal once it has one. */
export interface GroupCopy extends Copy {
	/** the newest seal stored on `s.<match>`: the match takes no entry after it, only a seal */
	readonly sealed?: HeldSeal;
}

/**
 * A seal that says when the match was abandoned (entry.ts `abandonedAt`) says it was abandoned:
 * its phone writes the time only then (group/seal-of.ts), and the group's version a seal says
 * carries it only then (group/sealed.ts). A seal without it is an earlier build's, and stored.
 */
const abandonedWhen = (change: SealEntry['change']) =>
	change.abandonedAt === undefined || change.abandoned;

type Start = SealEntry['change']['start'];

/**
 * The seal's start is the server's (`held`). A phone of an earlier build reads a start that
 * names the seats' players (docs/wire.md, "Reading a group's matches from the wire") without
 * them, its schema dropping what it does not know, and seals with that start: still the
 * server's start, and stored so.
 */
const sameStart = (start: Start, held: Start) =>
	canonicalJson(start) ===
	canonicalJson(start.players === undefined ? { ...held, players: undefined } : held);

/**
 * A seal names a player a seat. Not necessarily those its start names: a player merged into
 * another since the start (db/players.ts, `mergePlayers`) moves the match's seats to the player
 * kept, and the seal says the match as it is now, as the group's version does.
 */
const playersOfStart = (players: readonly string[], held: Start) =>
	players.length === held.names.length;

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
	if (copy.sealed) return judgeSealAgain(copy.sealed, seal);
	const live = copy.live;
	if (!live) return seal.pos === 0 && seal.prev === null ? judgeFirstSeal(seal) : moved(copy);
	const last = live.entries[live.entries.length - 1];
	if (seal.pos !== live.entries.length || seal.prev !== last.id) return moved(copy);
	// the pen's phone and key, as for an action (replay.ts); the change is not read
	if (!penWrote(live.pen, seal as unknown as Entry)) return { ok: false, why: 'not-yours' };
	const { change } = seal;
	if (!abandonedWhen(change)) return { ok: false, why: 'not-passpad' };
	if (!change.abandoned && live.game.outcome(live.state) === null) {
		return { ok: false, why: 'not-over' };
	}
	const actions = change.log.map((one) => one.action);
	if (
		canonicalJson(actions) !== canonicalJson(live.actions) ||
		!sameStart(change.start, live.start) ||
		!playersOfStart(change.players, live.start)
	) {
		return { ok: false, why: 'not-the-log' };
	}
	return 'store';
}

/**
 * A seal of a match already sealed: stored when written over the seal held (else `moved`: another
 * phone sealed a change first, or this one knows an older seal), with the held start and a
 * player a seat (`not-the-log`), a log the game's own reducer takes whole (`refused`, with its
 * code), and when only if abandoned (`not-passpad`). Its log may be another than the held seal's:
 * a correction, or a move taken back after the end, so not over: the seal carries the match as
 * it is, as its version does, until it is over again. Whoever writes it, a member's registered
 * key (group-keeper.ts) suffices.
 */
export function judgeSealAgain(held: HeldSeal, seal: SealEntry): AppendAnswer | 'store' {
	// a retried seal whose answer was lost is answered as stored
	if (held.id === seal.id) return { ok: true, seq: held.seq, duplicate: true };
	// a message on the seal's subject that is no seal (none the keeper wrote): nothing goes over it
	if (!held.start) return { ok: false, why: 'sealed' };
	if (seal.pos !== held.pos + 1 || seal.prev !== held.id) {
		return { ok: false, why: 'moved', length: held.pos + 1, last: held.id };
	}
	const { change } = seal;
	if (!abandonedWhen(change)) return { ok: false, why: 'not-passpad' };
	if (!sameStart(change.start, held.start) || !playersOfStart(change.players, held.start)) {
		return { ok: false, why: 'not-the-log' };
	}
	return judgeLog(held.start, change, false);
}

/**
 * The first seal of a match the group holds nothing of on its wire, no entry and no seal: a
 * match recorded before its group took entries, or on an older build, put on the wire once
 * (docs/wire.md, "Reading a group's matches from the wire: the switch": every match on the wire
 * before the versions stop), at position 0 with nothing before it, by any member's registered
 * key (group-keeper.ts), as a seal written again is. No start is held: its own must name a
 * player a seat, where it names any, and its log is one the game's own reducer takes whole and
 * over, or abandoned. Stored on the empty seal's subject with compare-and-set (group-keeper.ts):
 * of two phones putting one match on the wire, one is stored.
 */
export function judgeFirstSeal(seal: SealEntry): AppendAnswer | 'store' {
	const { change } = seal;
	if (!abandonedWhen(change)) return { ok: false, why: 'not-passpad' };
	const named = change.start.players;
	if (
		!playersOfStart(change.players, change.start) ||
		(named && named.length !== change.players.length)
	) {
		return { ok: false, why: 'not-the-log' };
	}
	return judgeLog(change.start, change);
}

/**
 * A seal's log, by its game's own reducer from `start`: taken whole, and over unless abandoned
 * when it must be (`over`).
 */
function judgeLog(start: Start, change: SealEntry['change'], over = true): AppendAnswer | 'store' {
	const game = RULES[start.game];
	let replayed: ReturnType<typeof replay>;
	try {
		replayed = replay(
			game,
			start.config,
			start.names.length,
			change.log.map((one) => one.action)
		);
	} catch {
		return { ok: false, why: 'refused', code: 'illegal' };
	}
	if (replayed.failure) {
		return { ok: false, why: 'refused', code: replayed.failure.refusal.code };
	}
	if (over && !change.abandoned && game.outcome(replayed.state) === null) {
		return { ok: false, why: 'not-over' };
	}
	return 'store';
}

/** An entry (not a seal) of a sealed match: refused, whoever sends it (a `start` at 0 too). */
export const afterSeal = (copy: GroupCopy): AppendAnswer | null =>
	copy.sealed ? { ok: false, why: 'sealed' } : null;
