import { describe, expect, it } from 'vitest';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { nextEntry } from '../src/lib/live/replay';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { writeEntry, type Change, type Entry, type SealEntry } from '../src/lib/wire/entry';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import { EMPTY, fold, type Copy } from './judge';
import { afterSeal, judgeSeal, type HeldSeal } from './group-seal';
import { canonicalJson } from '../src/lib/wire/canonical';

// Whether the keeper stores a group match's seal (docs/wire.md, "What travels": only the pen
// seals, once the match is over or abandoned, and the seal's log is the server's), pure.

const MATCH = 'match-1';
const game = randomGame(seeded(11), 3);
const start = startEntry({ config: game.config });
const tally: Change = {
	kind: 'act',
	action: {
		type: 'tally',
		hands: game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
	}
};

/** The copy after the start and `changes`, each Ana's, stored at the next sequence. */
function copyAfter(changes: Change[]): Copy {
	const entries: Entry[] = [start];
	let copy = fold([{ seq: 1, data: writeEntry(start) }], MATCH);
	for (const [at, change] of changes.entries()) {
		const entry = nextEntry(copy.live!, change, ANA, `entry-${at}-000001`, 2);
		entries.push(entry);
		copy = fold(
			entries.map((one, index) => ({ seq: index + 1, data: writeEntry(one) })),
			MATCH
		);
	}
	return copy;
}

function sealOf(
	copy: Copy,
	fields: Partial<SealEntry> = {},
	change: Partial<SealEntry['change']> = {}
): SealEntry {
	const live = copy.live!;
	return {
		v: 1,
		id: 'entry-seal-000001',
		match: MATCH,
		pos: live.entries.length,
		prev: live.entries[live.entries.length - 1].id,
		by: ANA,
		at: 3,
		change: {
			kind: 'seal',
			start: live.start,
			players: live.start.names.map(() => newPlayerId()),
			playedByHand: false,
			log: live.actions.map((action, at) => ({ action: action as { type: string }, at })),
			notes: '',
			playedMs: null,
			abandoned: false,
			...change
		},
		...fields
	};
}

describe('what seals a group’s match', () => {
	const over = copyAfter([tally]);
	const playing = copyAfter([{ kind: 'act', action: { type: 'reveal', card: 10 } }]);

	it('seal: the pen seals a finished match whose log is the server’s', () => {
		expect(judgeSeal(over, sealOf(over))).toBe('store');
	});

	it('seal: before the game’s reducer says it is over, only an abandoned match is sealed', () => {
		expect(judgeSeal(playing, sealOf(playing))).toEqual({ ok: false, why: 'not-over' });
		expect(judgeSeal(playing, sealOf(playing, {}, { abandoned: true }))).toBe('store');
	});

	it('seal: a seal saying when the match was abandoned and last played is stored; when abandoned, of a match it does not say abandoned, is refused', () => {
		const when = { abandoned: true, abandonedAt: 1_700_000_000_000, updatedAt: 1_699_999_000_000 };
		expect(judgeSeal(playing, sealOf(playing, {}, when))).toBe('store');
		// when it was last played is the phone's word, as in a version (another phone's clock)
		expect(judgeSeal(over, sealOf(over, {}, { updatedAt: 1_699_999_000_000 }))).toBe('store');
		// an earlier build's seal says only that it was abandoned
		expect(judgeSeal(playing, sealOf(playing, {}, { abandoned: true }))).toBe('store');
		expect(judgeSeal(over, sealOf(over, {}, { abandonedAt: 1_700_000_000_000 }))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
	});

	it('seal: another log than the server’s is refused', () => {
		const log = [{ action: { type: 'pass' }, at: 1 }];
		expect(judgeSeal(over, sealOf(over, {}, { log }))).toEqual({ ok: false, why: 'not-the-log' });
	});

	it('seal: another start than the server’s (another game, config or seats) is refused', () => {
		const start = { ...over.live!.start, names: ['Ana', 'Ben', 'Zoé'] };
		expect(judgeSeal(over, sealOf(over, {}, { start }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		// a player for each seat, no more, no fewer
		expect(judgeSeal(over, sealOf(over, {}, { players: [newPlayerId()] }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
	});

	it('seal: only the pen seals', () => {
		expect(judgeSeal(over, sealOf(over, { by: BEN }))).toEqual({ ok: false, why: 'not-yours' });
	});

	it('seal: a seal not where the log ends is moved, as an entry would be', () => {
		expect(judgeSeal(over, sealOf(over, { pos: 1 }))).toMatchObject({ why: 'moved', length: 2 });
		expect(judgeSeal(EMPTY, sealOf(over))).toMatchObject({ why: 'moved', length: 0 });
	});

	it('seal: a sealed match takes no entry; the same seal again is acknowledged; a seal not over it is moved', () => {
		const sealed = { ...EMPTY, sealed: heldAfter(over) };
		expect(judgeSeal(sealed, sealOf(over))).toEqual({ ok: true, seq: 9, duplicate: true });
		// written over the entries, as the first: another seal holds that place
		expect(judgeSeal(sealed, sealOf(over, { id: 'entry-seal-000002' }))).toEqual({
			ok: false,
			why: 'moved',
			length: 3,
			last: 'entry-seal-000001'
		});
		expect(afterSeal(sealed)).toEqual({ ok: false, why: 'sealed' });
		expect(afterSeal(over)).toBeNull();
	});
});

/** The keeper's seal of `copy` as held at sequence 9 (sealOf's id, at the end of its log). */
const heldAfter = (copy: Copy): HeldSeal => ({
	id: 'entry-seal-000001',
	seq: 9,
	pos: copy.live!.entries.length,
	start: copy.live!.start,
	subject: 's.match-1'
});

/** A seal written again over `held`, by Ben (not the pen), with `change` changed. */
const resealOf = (
	copy: Copy,
	held: HeldSeal,
	change: Partial<SealEntry['change']> = {},
	fields: Partial<SealEntry> = {}
) =>
	sealOf(
		copy,
		{ id: 'entry-seal-000002', pos: held.pos + 1, prev: held.id, by: BEN, ...fields },
		change
	);

describe('what seals a sealed match again (a change after its seal)', () => {
	const over = copyAfter([tally]);
	const held = heldAfter(over);
	const sealed = { ...EMPTY, sealed: held };

	it('seal again: any member’s changed notes, time played or abandon over the seal held are stored', () => {
		expect(judgeSeal(sealed, resealOf(over, held, { notes: 'counted again' }))).toBe('store');
		expect(judgeSeal(sealed, resealOf(over, held, { playedMs: 60_000, playedByHand: true }))).toBe(
			'store'
		);
	});

	it('seal again: abandoned, with when the players abandoned it, is stored; when, without abandoned, is refused', () => {
		const log = [{ action: { type: 'reveal', card: 10 }, at: 1 }];
		const when = { log, abandoned: true, abandonedAt: 1_700_000_000_000, updatedAt: 5 };
		expect(judgeSeal(sealed, resealOf(over, held, when))).toBe('store');
		expect(judgeSeal(sealed, resealOf(over, held, { abandonedAt: 1_700_000_000_000 }))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
	});

	it('seal again: a corrected log the game’s reducer still finishes is stored', () => {
		const other = randomGame(seeded(12), 3);
		const log = [
			{
				action: {
					type: 'tally',
					hands: other.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
				},
				at: 5
			}
		];
		expect(canonicalJson(log[0].action)).not.toBe(canonicalJson(over.live!.actions[0]));
		expect(judgeSeal(sealed, resealOf(over, held, { log }))).toBe('store');
	});

	it('seal again: over an older seal than the one held is moved (another phone sealed a change first)', () => {
		expect(judgeSeal(sealed, resealOf(over, held, {}, { prev: 'entry-seal-000000' }))).toEqual({
			ok: false,
			why: 'moved',
			length: held.pos + 1,
			last: held.id
		});
		expect(judgeSeal(sealed, resealOf(over, held, {}, { pos: held.pos + 2 }))).toMatchObject({
			why: 'moved'
		});
	});

	it('seal again: another start, or not a player a seat, is not the log', () => {
		const start = { ...held.start!, names: ['Ana', 'Ben', 'Zoé'] };
		expect(judgeSeal(sealed, resealOf(over, held, { start }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		expect(judgeSeal(sealed, resealOf(over, held, { players: [newPlayerId()] }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
	});

	it('seal again: a log the game’s reducer does not finish (a move taken back after the end) is stored as it is, abandoned or not', () => {
		const log = [{ action: { type: 'reveal', card: 10 }, at: 1 }];
		expect(judgeSeal(sealed, resealOf(over, held, { log }))).toBe('store');
		expect(judgeSeal(sealed, resealOf(over, held, { log, abandoned: true }))).toBe('store');
	});

	it('seal again: a log the game’s reducer refuses is refused with its code', () => {
		const log = [{ action: { type: 'take' }, at: 1 }];
		expect(judgeSeal(sealed, resealOf(over, held, { log }))).toMatchObject({
			ok: false,
			why: 'refused'
		});
	});
});

describe('a match put on the wire by its first seal', () => {
	const over = copyAfter([tally]);
	const playing = copyAfter([{ kind: 'act', action: { type: 'reveal', card: 10 } }]);
	/** The seal of `copy`'s match as its first message on the wire: at 0, nothing before it. */
	const firstOf = (copy: Copy, change: Partial<SealEntry['change']> = {}) =>
		sealOf(copy, { id: 'entry-first-000001', pos: 0, prev: null, by: BEN }, change);

	it('first seal: a finished match the group holds nothing of on its wire is stored, whichever member seals it', () => {
		expect(judgeSeal(EMPTY, firstOf(over))).toBe('store');
		// abandoned before its end
		expect(judgeSeal(EMPTY, firstOf(playing, { abandoned: true }))).toBe('store');
	});

	it('first seal: a log its game’s reducer refuses, or not over, is refused', () => {
		const log = [
			{ action: { type: 'pass' }, at: 1 },
			{ action: { type: 'take' }, at: 2 }
		];
		expect(judgeSeal(EMPTY, firstOf(over, { log: [...log, ...log] }))).toMatchObject({
			ok: false,
			why: 'refused'
		});
		expect(judgeSeal(EMPTY, firstOf(playing))).toEqual({ ok: false, why: 'not-over' });
	});

	it('first seal: a player for each seat, in the seal and in its start where it names them', () => {
		expect(judgeSeal(EMPTY, firstOf(over, { players: [newPlayerId()] }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		const start = { ...over.live!.start, players: [newPlayerId()] };
		expect(judgeSeal(EMPTY, firstOf(over, { start }))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
	});

	it('first seal: not the first message (a match with entries, or sealed) is moved; a seal elsewhere than 0 is moved', () => {
		expect(judgeSeal(over, firstOf(over))).toMatchObject({ why: 'moved', length: 2 });
		const sealed = { ...EMPTY, sealed: heldAfter(over) };
		expect(judgeSeal(sealed, firstOf(over, {}))).toMatchObject({ ok: false, why: 'moved' });
		expect(judgeSeal(EMPTY, sealOf(over, { pos: 0, prev: 'entry-start-01' }))).toMatchObject({
			why: 'moved',
			length: 0
		});
	});
});
