/**
 * A seal says exactly what the match's whole version says (docs/group.md, "On the phone: what
 * leaves"): phones will read the seals instead of the versions, and reconcile by digest
 * (reconcile.ts), so the version a seal says (sealed.ts) must have the digest of the version the
 * phone that sealed it sends of the same match (record.ts `matchVersion`, as changes.ts builds
 * it), else the switch makes false conflicts; and the rest of it too (when last played: history's
 * order), and a phone that takes the seal sends that version back and seals nothing new of it.
 * Matches of the four games from their simulators, recorded on a phone's database through the
 * match's store, then changed as the app changes them: abandoned, resumed and abandoned again, a
 * last action taken back and entered again, a note, the time played set by hand or measured
 * again, deleted and back, of an evening or not.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMatch, loadLog, PasspadDb, type MatchRow } from '$lib/db';
import { matchWithLog } from '$lib/db/group/here';
import { OTHER_GROUP, writeMatch } from '$lib/db/group/matches';
import { startOf } from '$lib/live/appending';
import { MatchStore } from '$lib/match/store';
import type { Words } from '$lib/match/entries';
import { withSetupMode } from '$lib/match/entry-mode';
import { withEvening } from '$lib/evening/tag';
import type { AnyGame, GameId } from '$lib/rules/common';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { legalMatch, matchInput as dominoesInput } from '$lib/rules/dominoes/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { game as passPassInput, simulate } from '$lib/rules/pass-pass/simulate';
import { canonicalJson } from '$lib/wire/canonical';
import { readSealEntry, writeEntry, type SealEntry } from '$lib/wire/entry';
import { newId } from '$lib/wire/ids';
import { NOTES_MAX_LENGTH } from '$lib/wire/limits';
import {
	deletedVersion,
	digest,
	matchVersion,
	proveMatch,
	readVersion,
	writeVersion,
	type KeptMatch,
	type Stamp,
	type Version
} from './record';
import { deletedSeal, isOver, sealOf, type SealPlace } from './seal-of';
import { versionOfSealed } from './sealed';
import { RECORD_VERSION } from './written';

/** A whole match a simulator played: its setup and every action. */
interface Played {
	readonly game: GameId;
	readonly config: object;
	readonly players: number;
	readonly actions: readonly unknown[];
}

const illPass = fc
	.record({ seed: fc.nat(), players: fc.integer({ min: 3, max: 5 }) })
	.map(({ seed, players }): Played => {
		const played = randomGame(seeded(seed), players);
		return { game: 'ill-pass', config: played.config, players, actions: played.actions };
	});
const passPass = passPassInput.map((input): Played => {
	const played = simulate(input);
	return {
		game: 'pass-pass',
		config: played.config,
		players: input.players,
		actions: played.actions
	};
});
const climbing = climbingInput.map((input): Played => {
	const played = randomMatch(input);
	return {
		game: 'climbing',
		config: played.config,
		players: input.players,
		actions: played.actions
	};
});
const dominoes = dominoesInput.map((input): Played => {
	const played = legalMatch(input);
	return { game: 'dominoes', config: played.config, players: 4, actions: played.actions };
});

/** What the players do to the match once it is over, each a while after the last. */
const Op = fc.oneof(
	fc.record({
		kind: fc.constant('notes' as const),
		// any text, a note longer than kept too (cut where setNotes cuts it)
		text: fc.oneof(
			fc.string({ maxLength: 40 }),
			fc.string({
				unit: 'grapheme',
				minLength: NOTES_MAX_LENGTH - 5,
				maxLength: NOTES_MAX_LENGTH + 5
			})
		)
	}),
	fc.record({
		kind: fc.constant('played' as const),
		ms: fc.option(fc.integer({ min: 0, max: 10 * 3_600_000 }))
	}),
	// abandoned: resumed and abandoned again; finished: its last action taken back and entered again
	fc.record({ kind: fc.constant('again' as const) }),
	fc.record({ kind: fc.constant('delete' as const) })
);
type Op = typeof Op extends fc.Arbitrary<infer T> ? T : never;

const Story = fc.record({
	/** stop after this many actions and abandon (null: played to its end) */
	cut: fc.option(fc.nat(), { nil: null, freq: 2 }),
	/** how many of the last actions are entered one by one (the rest at once, as a table's log) */
	tail: fc.integer({ min: 1, max: 4 }),
	evening: fc.boolean(),
	gaps: fc.array(fc.integer({ min: 1, max: 2 * 3_600_000 }), { minLength: 8, maxLength: 8 }),
	ops: fc.array(Op, { maxLength: 5 })
});
type Story = typeof Story extends fc.Arbitrary<infer T> ? T : never;

const NAMES = ['Ana', 'Ben', 'Chloé', 'Dev', 'Émile', 'Fay'];
const PHONE = 'phone-ana-000001';
const GROUP = 'friday01';
const words = (game: GameId) =>
	({ game: RULES[game], describe: () => '' }) as unknown as Words<AnyGame>;

const stamp = (id: string): Stamp => ({
	v: RECORD_VERSION,
	id,
	by: PHONE,
	at: Date.now(),
	contest: null
});

/** A seal as another phone reads it: through its bytes and the wire's schema. */
function read(seal: SealEntry): SealEntry {
	const got = readSealEntry(writeEntry(seal));
	if (!got.ok) throw new Error(`a seal the wire refuses: ${got.why}`);
	return got.entry;
}

/** The version the phone sends, as it reckons its digest and as another phone reads it. */
function digestsOf(version: Version): string[] {
	const got = readVersion(writeVersion(version));
	if (!got.ok) throw new Error(`a version the wire refuses: ${got.why}`);
	return [digest(version), digest(got.version)];
}

let clock = Date.UTC(2026, 10, 27, 19);
const later = (ms: number) => vi.setSystemTime((clock += ms));

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['Date'] });
	vi.setSystemTime(clock);
});
afterEach(() => vi.useRealTimers());

/** The match recorded as `story` says, its seal checked against its version after each change. */
async function recordAndSeal(played: Played, story: Story) {
	const db = new PasspadDb(`seal-says-${crypto.randomUUID()}`);
	const ben = new PasspadDb(`seal-says-ben-${crypto.randomUUID()}`);
	await Promise.all([db.open(), ben.open()]);
	const gap = (at: number) => later(story.gaps[at % story.gaps.length]);
	const tag = { id: newId(), round: 1, table: 2, scale: { first: 7, last: 1 } };
	const config = story.evening
		? withEvening(withSetupMode(played.config, 'pad'), tag)
		: played.config;
	const names = NAMES.slice(0, played.players);
	const row = await createMatch({ game: played.game, config, names, group: GROUP }, Date.now(), db);
	// the start the group holds: this phone's first step sent (entries.ts)
	const local = { ...row, names: row.seats.map((seat) => seat.name) };
	const start = startOf(local, { by: PHONE, name: 'Ana' }).change;
	if (start.kind !== 'start') throw new Error('a start');
	const store = new MatchStore(words(played.game), await loadLog(row.id, db), db);
	const actions =
		story.cut === null
			? played.actions
			: played.actions.slice(0, story.cut % played.actions.length);
	const atOnce = Math.max(0, actions.length - story.tail);
	gap(0);
	if (atOnce > 0)
		expect((await store.receive({ actions: actions.slice(0, atOnce) }, 0)).ok).toBe(true);
	for (const [at, action] of actions.slice(atOnce).entries()) {
		gap(at + 1);
		expect((await store.act(action as never)).ok).toBe(true);
	}
	gap(5);
	if (store.match.status === 'active') await store.abandon();

	let held: SealEntry | null = null;
	let seals = 0;
	const place = (): SealPlace => ({
		id: `entry-seal-${String(++seals).padStart(6, '0')}`,
		match: row.id,
		pos: 1 + seals,
		prev: held?.id ?? 'entry-start-000001',
		by: PHONE,
		at: Date.now()
	});
	/** The seal the phone writes now, read back, against the version it sends now. */
	const check = async () => {
		const { match, log } = await matchWithLog(db, row.id);
		if (!match) {
			expect(held).not.toBeNull();
			const said = versionOfSealed(read(deletedSeal(held!, place())));
			expect(digest(said!)).toEqual(digest(deletedVersion(stamp(row.id))));
			return;
		}
		if (!isOver(match)) return;
		held = read((await sealOf(db, match, start, place()))!);
		const said = versionOfSealed(held);
		if (!said || said.deleted) throw new Error('a seal of a match kept says no version of it');
		const version = matchVersion(match, log, stamp(row.id));
		const [sent, readThere] = digestsOf(version);
		expect(readThere).toBe(sent);
		expect(digest(said), JSON.stringify({ said, match })).toBe(sent);
		// the whole of it, when it was last played too (not in the digest, but history's order);
		// the seats' names are the start's (a rename is the player's version, record.ts `digest`)
		expect(said).toEqual({ ...version, at: held.at, seats: said.seats });
		const players = (one: KeptMatch) => one.seats.map((seat) => seat.player);
		expect(players(said)).toEqual(players(version));
		// and a phone that takes the seal (proven as a version is) sends that version back
		const proof = proveMatch(said);
		if (!proof.ok) throw new Error(`a seal's version the proof refuses: ${proof.why}`);
		const fields = { seq: seals, msgId: held.id, hash: sent };
		expect(await writeMatch(ben, GROUP, proof.match, fields)).not.toBe(OTHER_GROUP);
		const there = await matchWithLog(ben, row.id);
		expect(digest(matchVersion(there.match!, there.log, stamp(row.id)))).toBe(sent);
		// and its seal of the match, unchanged, says what the seal held says (entries.ts: none sent)
		const again = (await sealOf(ben, there.match!, held.change.start, place()))!;
		expect(canonicalJson(read(again).change)).toBe(canonicalJson(held.change));
	};
	await check();
	for (const [at, op] of story.ops.entries()) {
		gap(at + 6);
		await apply(store, db, op, gap, check);
		await check();
	}
	db.close();
	ben.close();
}

async function apply(
	store: MatchStore,
	db: PasspadDb,
	op: Op,
	gap: (at: number) => void,
	check: () => Promise<void>
) {
	const match: MatchRow = store.match;
	switch (op.kind) {
		case 'notes':
			return void (await store.setNotes(op.text));
		case 'played':
			return void (await store.setTimePlayed(op.ms));
		case 'again':
			if (match.status === 'abandoned') {
				await store.resume();
				gap(3);
				return void (await store.abandon());
			}
			if (store.timeline.length === 0) return;
			{
				expect((await store.undo()).ok).toBe(true);
				gap(4);
				expect((await store.redo()).ok).toBe(true);
			}
			return;
		case 'delete': {
			const removed = await store.remove();
			await check();
			gap(7);
			await MatchStore.restore(removed, db);
		}
	}
}

describe('a seal says what the match’s whole version says', () => {
	const runs = { numRuns: 40 };
	const each: [string, fc.Arbitrary<Played>][] = [
		['I’ll Pass', illPass],
		['Pass Pass', passPass],
		['Climbing', climbing],
		['Dominoes', dominoes]
	];
	for (const [name, played] of each) {
		it(`seal says: a ${name} match sealed on a phone says the digest of the version it sends`, async () => {
			await fc.assert(
				fc.asyncProperty(played, Story, (one, story) => recordAndSeal(one, story)),
				runs
			);
		}, 120_000);
	}
});
