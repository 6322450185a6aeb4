/**
 * A phone's copy of a live match, and the one check every entry from the network passes before
 * it shows (docs/live.md, "The protocol"): its place (position and the entry before it),
 * who wrote it (the pen), and the game's own reducer. Pure: the same entries give the same
 * verdicts on every phone.
 */
import {
	applyAll,
	checkPlayers,
	replay,
	type AnyGame,
	type GameId,
	type Refusal
} from '$lib/rules/common';
import type { Change, Entry } from './protocol';

type StartChange = Extract<Change, { kind: 'start' }>;

export interface Pen {
	/** the phone holding it */
	readonly by: string;
	/** whose phone it is, as the table says it ("Ana") */
	readonly name: string;
	/** the position of the entry that gave it */
	readonly since: number;
	/**
	 * the holder's public key (wire/signing.ts): only entries it signed act. Unknown for a pen
	 * given before phones had keys: the holder's first signed entry names it.
	 */
	readonly key?: string;
}

export interface LiveMatch {
	readonly match: string;
	readonly game: AnyGame;
	readonly start: StartChange;
	/** every accepted entry, entry `pos` at index `pos` */
	readonly entries: readonly Entry[];
	/**
	 * each entry's stream sequence, 0 while it is this phone's own and not yet on the server
	 * (entered offline): the append of entry `pos` expects `seqs[pos - 1]`
	 */
	readonly seqs: readonly number[];
	/** the match's actions after every entry (starts, pens and undos folded in) */
	readonly actions: readonly unknown[];
	readonly state: unknown;
	readonly pen: Pen;
}

/** Why an entry was refused: each has its own words on screen (messages/src/live.json). */
export type RefusedWhy =
	| 'too-large'
	| 'not-json'
	| 'malformed'
	| 'other-match'
	| 'out-of-place'
	| 'not-start'
	| 'unknown-game'
	| 'not-pen'
	| 'illegal';

export type Verdict =
	| { readonly kind: 'applied'; readonly live: LiveMatch }
	/** the same entry again (a redelivery, or our own coming back): nothing to do */
	| { readonly kind: 'known'; readonly live: LiveMatch }
	/** another entry than ours at a position we have: both are shown, none is picked */
	| { readonly kind: 'conflict'; readonly ours: Entry; readonly theirs: Entry }
	| { readonly kind: 'refused'; readonly why: RefusedWhy; readonly refusal?: Refusal };

const refused = (why: RefusedWhy, refusal?: Refusal): Verdict =>
	refusal ? { kind: 'refused', why, refusal } : { kind: 'refused', why };

/** A reducer from the network's input must not throw, but a thrown error is a refusal too. */
function guarded<T>(run: () => T): { ok: true; value: T } | { ok: false } {
	try {
		return { ok: true, value: run() };
	} catch {
		return { ok: false };
	}
}

/**
 * The first entry of a match: it must be a start, at position 0, of a game this Passpad knows,
 * with a table and config its rules accept.
 */
export function begin(
	entry: Entry,
	seq: number,
	rulesOf: (game: GameId) => AnyGame | undefined
): Verdict {
	if (entry.pos !== 0 || entry.prev !== null || entry.change.kind !== 'start') {
		return refused('not-start');
	}
	const start = entry.change;
	const game = rulesOf(start.game);
	if (!game) return refused('unknown-game');
	const players = start.names.length;
	const range = checkPlayers(players, game.players);
	if (range) return refused('illegal', range);
	const checked = guarded(() => game.checkConfig(start.config, players));
	if (!checked.ok) return refused('illegal');
	if (checked.value) return refused('illegal', checked.value);
	const state = guarded(() => game.setup(start.config, players));
	if (!state.ok) return refused('illegal');
	return {
		kind: 'applied',
		live: {
			match: entry.match,
			game,
			start,
			entries: [entry],
			seqs: [seq],
			actions: [],
			state: state.value,
			pen: penOf(entry.by, start.pen, 0, entry.key)
		}
	};
}

/** The actions and state after `change`, or the reducer's refusal. */
function changed(
	live: LiveMatch,
	change: Change
): { ok: true; actions: readonly unknown[]; state: unknown } | { ok: false; refusal?: Refusal } {
	const { game, start } = live;
	const players = start.names.length;
	const from = (actions: readonly unknown[]) => {
		const result = guarded(() => replay(game, start.config, players, actions));
		if (!result.ok) return { ok: false as const };
		const { state, failure } = result.value;
		return failure
			? { ok: false as const, refusal: failure.refusal }
			: { ok: true as const, actions, state };
	};
	switch (change.kind) {
		case 'act': {
			const result = guarded(() => applyAll(game, live.state, [change.action]));
			if (!result.ok) return { ok: false };
			const { state, failure } = result.value;
			if (failure) return { ok: false, refusal: failure.refusal };
			return { ok: true, actions: [...live.actions, change.action], state };
		}
		case 'undo':
			if (live.actions.length === 0) return { ok: false, refusal: { code: 'nothing-to-undo' } };
			return from(live.actions.slice(0, -1));
		case 'rewrite':
			if (change.from > live.actions.length)
				return { ok: false, refusal: { code: 'past-the-end' } };
			return from([...live.actions.slice(0, change.from), ...change.actions]);
		case 'pen':
			return { ok: true, actions: live.actions, state: live.state };
		case 'start':
			return { ok: false };
	}
}

/**
 * The next entry from the network against the phone's copy: applied, known already, a
 * conflict (another entry at a position we have), or refused with why. Nothing is ever
 * picked between two entries at one position.
 */
export function accept(live: LiveMatch, entry: Entry, seq: number): Verdict {
	if (entry.match !== live.match) return refused('other-match');
	const have = live.entries[entry.pos];
	if (have) {
		if (have.id === entry.id) return { kind: 'known', live: settled(live, entry.pos, seq) };
		return { kind: 'conflict', ours: have, theirs: entry };
	}
	const last = live.entries[live.entries.length - 1];
	if (entry.pos !== live.entries.length || entry.prev !== last.id) return refused('out-of-place');
	if (entry.change.kind === 'start') return refused('not-start');
	// only the pen writes, but anyone with a writer's credential may take the pen: the entry
	// that takes it is itself appended only after the last one it saw (docs/live.md, "The protocol")
	if (entry.change.kind !== 'pen' && !penWrote(live.pen, entry)) return refused('not-pen');
	const next = changed(live, entry.change);
	if (!next.ok) return refused('illegal', next.refusal);
	return {
		kind: 'applied',
		live: {
			...live,
			entries: [...live.entries, entry],
			seqs: [...live.seqs, seq],
			actions: next.actions,
			state: next.state,
			pen:
				entry.change.kind === 'pen'
					? penOf(entry.change.to, entry.change.name, entry.pos, entry.change.key)
					: live.pen.key === undefined && entry.key !== undefined
						? { ...live.pen, key: entry.key }
						: live.pen
		}
	};
}

const penOf = (by: string, name: string, since: number, key?: string): Pen =>
	key === undefined ? { by, name, since } : { by, name, since, key };

/**
 * Whether the pen wrote the entry: its phone, and its key once the pen has one (a pen given
 * before keys takes the key of its holder's first signed entry). Whether the signature is the
 * key's is checked before (wire/signing.ts): a copy holds no entry whose signature failed.
 */
export function penWrote(pen: Pen, entry: Entry): boolean {
	if (entry.by !== pen.by) return false;
	return pen.key === undefined || entry.key === pen.key;
}

/**
 * The next entry this phone writes: after the last one it has, by this phone. The caller
 * checks it with `accept` before sending, so a phone never sends what others would refuse.
 */
export function nextEntry(
	live: LiveMatch,
	change: Change,
	by: string,
	id: string,
	at: number
): Entry {
	const last = live.entries[live.entries.length - 1];
	return { v: 1, id, match: live.match, pos: live.entries.length, prev: last.id, by, at, change };
}

/** Entry `pos` is on the server at stream sequence `seq` (its ack, or its coming back). */
export function settled(live: LiveMatch, pos: number, seq: number): LiveMatch {
	if (seq <= 0 || live.seqs[pos] === seq) return live;
	const seqs = [...live.seqs];
	seqs[pos] = seq;
	return { ...live, seqs };
}

/** The first of this phone's entries not yet on the server, or null: sent in order from it. */
export function firstPending(live: LiveMatch): number | null {
	const pos = live.seqs.indexOf(0);
	return pos < 0 ? null : pos;
}
