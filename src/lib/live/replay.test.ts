import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULES } from '$lib/rules/registry';
import { illPass } from '$lib/rules/ill-pass';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { ANA, BEN, startEntry } from './fixtures';
import * as v from 'valibot';
import { Entry, readEntry, writeEntry, type Change } from './protocol';
import {
	accept,
	begin,
	firstPending,
	nextEntry,
	settled,
	type LiveMatch,
	type Verdict
} from './replay';

const rulesOf = (id: keyof typeof RULES) => RULES[id];
let ids = 0;
const id = () => `entry-${String(++ids).padStart(6, '0')}`;

/** A match's start entry, each with an id of its own. */
const startOf = (players?: number, config?: unknown) => startEntry({ id: id(), players, config });

function applied(verdict: Verdict): LiveMatch {
	if (verdict.kind !== 'applied') throw new Error(`not applied: ${JSON.stringify(verdict)}`);
	return verdict.live;
}

/** Entry after entry through `accept`, as the server would hand them out (seq = pos + 1). */
function play(live: LiveMatch, changes: Change[], by = ANA): LiveMatch {
	for (const change of changes) {
		const entry = nextEntry(live, change, by, id(), 2);
		live = applied(accept(live, entry, entry.pos + 1));
	}
	return live;
}

describe('live replay', () => {
	it('replays a whole match to the state the reducer gives (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
				let s = seed;
				const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
				const game = randomGame(random);
				let live = applied(begin(startOf(game.players, game.config), 1, rulesOf));
				live = play(
					live,
					game.actions.map((action) => ({ kind: 'act', action }))
				);
				expect(live.state).toEqual(game.state);
				expect(illPass.outcome(live.state as never)).not.toBeNull();
			}),
			{ numRuns: 20 }
		);
	});

	it('refuses an illegal action with the reducer’s refusal, and the copy is unchanged', () => {
		const live = applied(begin(startOf(), 1, rulesOf));
		const entry = nextEntry(live, { kind: 'act', action: { type: 'take' } }, ANA, id(), 2);
		const verdict = accept(live, entry, 2);
		expect(verdict.kind).toBe('refused');
		expect(verdict.kind === 'refused' && verdict.why).toBe('illegal');
		expect(verdict.kind === 'refused' && verdict.refusal?.code).toBeTruthy();
	});

	it('refuses an entry out of place: a gap, or one after another entry than ours', () => {
		const live = play(applied(begin(startOf(), 1, rulesOf)), [
			{ kind: 'act', action: { type: 'reveal', card: 10 } }
		]);
		const gap = { ...nextEntry(live, { kind: 'undo' }, ANA, id(), 3), pos: 3 };
		expect(accept(live, gap, 9)).toMatchObject({ kind: 'refused', why: 'out-of-place' });
		const wrongPrev = {
			...nextEntry(live, { kind: 'undo' }, ANA, id(), 3),
			prev: 'someone-else-1'
		};
		expect(accept(live, wrongPrev, 9)).toMatchObject({ kind: 'refused', why: 'out-of-place' });
	});

	it('shows two entries at one position as a conflict, never picking one', () => {
		const live = play(applied(begin(startOf(), 1, rulesOf)), [
			{ kind: 'act', action: { type: 'reveal', card: 10 } }
		]);
		const theirs = { ...live.entries[1], id: id(), change: { kind: 'undo' as const } };
		const verdict = accept(live, theirs, 7);
		expect(verdict).toMatchObject({ kind: 'conflict', ours: live.entries[1], theirs });
	});

	it('knows an entry it has (a redelivery or its own coming back) and records its sequence', () => {
		const start = startOf();
		const live = applied(begin(start, 0, rulesOf)); // entered here, not yet on the server
		expect(firstPending(live)).toBe(0);
		const verdict = accept(live, start, 5);
		expect(verdict.kind).toBe('known');
		expect(verdict.kind === 'known' && firstPending(verdict.live)).toBeNull();
		expect(settled(live, 0, 5).seqs).toEqual([5]);
	});

	it('lets only the pen write; a pen entry moves it', () => {
		let live = applied(begin(startOf(), 1, rulesOf));
		const byBen = nextEntry(
			live,
			{ kind: 'act', action: { type: 'reveal', card: 10 } },
			BEN,
			id(),
			2
		);
		expect(accept(live, byBen, 2)).toMatchObject({ kind: 'refused', why: 'not-pen' });
		live = play(live, [{ kind: 'pen', to: BEN, name: 'Ben' }], BEN);
		expect(live.pen).toEqual({ by: BEN, name: 'Ben', since: 1 });
		live = play(live, [{ kind: 'act', action: { type: 'reveal', card: 10 } }], BEN);
		expect(live.actions).toHaveLength(1);
		const byAna = nextEntry(live, { kind: 'undo' }, ANA, id(), 2);
		expect(accept(live, byAna, 9)).toMatchObject({ kind: 'refused', why: 'not-pen' });
	});

	it('pen keys: only the pen’s key acts; a pen entry names the next key; a pen from before keys takes its holder’s first', () => {
		const [anaKey, benKey, otherKey] = ['A', 'B', 'C'].map((letter) => letter.repeat(43));
		const keyed = (entry: Entry, key: string) => ({ ...entry, key });
		let live = applied(begin(keyed(startOf(), anaKey), 1, rulesOf));
		expect(live.pen.key).toBe(anaKey);
		const reveal: Change = { kind: 'act', action: { type: 'reveal', card: 10 } };
		// Ana's phone's id, another key: not the pen
		const forged = keyed(nextEntry(live, reveal, ANA, id(), 2), otherKey);
		expect(accept(live, forged, 2)).toMatchObject({ kind: 'refused', why: 'not-pen' });
		expect(accept(live, nextEntry(live, reveal, ANA, id(), 2), 2)).toMatchObject({
			why: 'not-pen'
		});
		const pen = keyed(
			nextEntry(live, { kind: 'pen', to: BEN, name: 'Ben', key: benKey }, BEN, id(), 2),
			benKey
		);
		live = applied(accept(live, pen, 2));
		expect(live.pen).toEqual({ by: BEN, name: 'Ben', since: 1, key: benKey });
		expect(accept(live, keyed(nextEntry(live, reveal, BEN, id(), 2), anaKey), 3)).toMatchObject({
			why: 'not-pen'
		});
		// a pen given with no key (a phone of an earlier build asked): its holder's first signed entry names it
		live = play(live, [{ kind: 'pen', to: ANA, name: 'Ana' }], BEN);
		expect(live.pen.key).toBeUndefined();
		live = applied(accept(live, keyed(nextEntry(live, reveal, ANA, id(), 2), anaKey), 4));
		expect(live.pen.key).toBe(anaKey);
	});

	it('pen keys: a phone of the build before keys reads an entry that carries them (its schema drops them)', () => {
		// today's schema without the fields this build added: what an earlier phone parses with
		const Pen = v.object({ kind: v.literal('pen'), to: v.string(), name: v.string() });
		const Earlier = v.object({ ...v.omit(Entry, ['key', 'sig']).entries, change: Pen });
		const sent = {
			...nextEntry(
				applied(begin(startOf(), 1, rulesOf)),
				{ kind: 'pen', to: BEN, name: 'Ben', key: 'B'.repeat(43) },
				BEN,
				id(),
				2
			),
			key: 'B'.repeat(43),
			sig: 'S'.repeat(86)
		};
		const read = v.safeParse(Earlier, JSON.parse(JSON.stringify(sent)));
		expect(read.success).toBe(true);
		expect(read.output).not.toHaveProperty('key');
		expect(read.output).not.toHaveProperty('sig');
		expect((read.output as { change: object }).change).toEqual({
			kind: 'pen',
			to: BEN,
			name: 'Ben'
		});
	});

	it('folds undo and rewrite through the reducer', () => {
		let live = play(applied(begin(startOf(), 1, rulesOf)), [
			{ kind: 'act', action: { type: 'reveal', card: 10 } },
			{ kind: 'act', action: { type: 'pass' } },
			{ kind: 'undo' }
		]);
		expect(live.actions).toEqual([{ type: 'reveal', card: 10 }]);
		live = play(live, [{ kind: 'rewrite', from: 0, actions: [{ type: 'reveal', card: 20 }] }]);
		expect(live.actions).toEqual([{ type: 'reveal', card: 20 }]);
		const past = nextEntry(live, { kind: 'rewrite', from: 5, actions: [] }, ANA, id(), 2);
		expect(accept(live, past, 99)).toMatchObject({ kind: 'refused', why: 'illegal' });
		const empty = applied(begin(startOf(), 1, rulesOf));
		const undo = nextEntry(empty, { kind: 'undo' }, ANA, id(), 2);
		expect(accept(empty, undo, 2)).toMatchObject({ kind: 'refused', why: 'illegal' });
	});

	it('refuses a start that is not first, a table the game does not seat, another match', () => {
		expect(begin({ ...startOf(), pos: 1, prev: 'entry-xxxxxxxx' }, 1, rulesOf)).toMatchObject({
			kind: 'refused',
			why: 'not-start'
		});
		expect(begin(startOf(1), 1, rulesOf)).toMatchObject({ kind: 'refused', why: 'illegal' });
		expect(begin(startOf(3, { nonsense: true }), 1, rulesOf).kind).toBe('refused');
		const live = applied(begin(startOf(), 1, rulesOf));
		const other = { ...nextEntry(live, { kind: 'undo' }, ANA, id(), 2), match: 'match-2' };
		expect(accept(live, other, 2)).toMatchObject({ kind: 'refused', why: 'other-match' });
		const again = { ...startOf(), pos: 1, prev: live.entries[0].id };
		expect(accept(live, again, 2)).toMatchObject({ kind: 'refused', why: 'not-start' });
	});
});

describe('live wire', () => {
	it('reads back what it writes', () => {
		const entry = startOf();
		expect(readEntry(writeEntry(entry))).toEqual({ ok: true, entry, data: entry });
	});

	it('refuses bytes that are not an entry, whatever they are (property)', () => {
		const enc = (text: string) => new TextEncoder().encode(text);
		expect(readEntry(new Uint8Array([0xff, 0xfe]))).toEqual({ ok: false, why: 'not-json' });
		expect(readEntry(enc('{"v":1}'))).toEqual({ ok: false, why: 'malformed' });
		expect(readEntry(new Uint8Array(20_000))).toEqual({ ok: false, why: 'too-large' });
		const hostile = { ...startOf(), change: { kind: 'start', game: 'chess' } };
		expect(readEntry(enc(JSON.stringify(hostile)))).toMatchObject({ ok: false });
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const read = readEntry(enc(JSON.stringify(value)));
				expect(read.ok).toBe(false);
			})
		);
	});
});
