import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { newId } from '$lib/wire/ids';
import {
	digest,
	readVersion,
	thingOf,
	thingOfSubject,
	writeVersion,
	type KeptMatch,
	type PlayerVersion,
	type Thing,
	type Version
} from './record';
import { followerOf, reconcile, type Decision, type SyncedCopy } from './reconcile';

const PHONE = 'phone-ana-0001';
const PLAYERS = Array.from({ length: 4 }, () => newId());

const name = fc.constantFrom('Ana', 'Ben', 'Chloé', 'Dan', 'Élodie', 'Gus');
const player = (id: string) =>
	fc.record({
		v: fc.constant(1 as const),
		id: fc.constant(id),
		by: fc.constant(PHONE),
		at: fc.nat({ max: 1e12 }),
		contest: fc.constant(null),
		kind: fc.constant('player' as const),
		name,
		colour: fc.constantFrom(null, 'red', 'blue'),
		hidden: fc.boolean(),
		mergedInto: fc.constant(null)
	}) satisfies fc.Arbitrary<PlayerVersion>;
const anyPlayer = fc.constantFrom(...PLAYERS).chain(player);

/** A group's stream: versions of a few players, each at its sequence in order. */
const stream = fc
	.array(anyPlayer, { minLength: 1, maxLength: 30 })
	.map((versions) =>
		versions.map((version, at) => ({ seq: at + 1, msgId: `msg-${at + 1}`, version }))
	);

interface Phone {
	local: Map<Thing, string | null>;
	synced: Map<Thing, SyncedCopy>;
	record: Map<Thing, Version>;
}

/** A phone with nothing changed of its own, taking messages as the sync engine does. */
function take(phone: Phone, message: { seq: number; msgId: string; version: Version }): Decision {
	const thing = thingOf(message.version);
	const decision = reconcile({ hash: phone.local.get(thing) ?? null }, phone.synced.get(thing), {
		thing,
		seq: message.seq,
		msgId: message.msgId,
		data: writeVersion(message.version)
	});
	if (decision.kind === 'apply' || decision.kind === 'same') {
		phone.local.set(thing, decision.hash);
		phone.synced.set(thing, { seq: message.seq, hash: decision.hash });
		phone.record.set(thing, decision.version);
	}
	return decision;
}

const newPhone = (): Phone => ({ local: new Map(), synced: new Map(), record: new Map() });

function matchVersionOf(id = newId()): KeptMatch {
	const game = randomGame(seeded(11), 3);
	return {
		v: 1,
		id,
		by: PHONE,
		at: 5,
		contest: null,
		kind: 'match',
		deleted: false,
		game: 'ill-pass',
		config: game.config,
		seats: ['Ana', 'Ben', 'Chloé'].map((who, seat) => ({ player: PLAYERS[seat], name: who })),
		notes: '',
		playedMs: 0,
		playedByHand: false,
		abandonedAt: null,
		createdAt: 1,
		updatedAt: 2,
		log: game.actions.map((action, at) => ({ action, at }))
	};
}

describe('group record: reconcile', () => {
	it('group: the same versions in any order of arrival give every phone the same record, the newest of each thing', () => {
		fc.assert(
			fc.property(
				stream.chain((messages) =>
					fc.tuple(
						fc.constant(messages),
						fc.shuffledSubarray(messages, {
							minLength: messages.length,
							maxLength: messages.length
						})
					)
				),
				([messages, shuffled]) => {
					const inOrder = newPhone();
					const anyOrder = newPhone();
					const lateJoiner = newPhone();
					for (const message of messages) take(inOrder, message);
					for (const message of shuffled) take(anyOrder, message);
					// a phone that joins late reads the newest of each subject only
					const newest = new Map<Thing, (typeof messages)[number]>();
					for (const message of messages) newest.set(thingOf(message.version), message);
					for (const message of newest.values()) take(lateJoiner, message);
					for (const phone of [inOrder, anyOrder, lateJoiner]) {
						expect(phone.record).toEqual(
							new Map([...newest].map(([thing, message]) => [thing, message.version]))
						);
					}
				}
			)
		);
	});

	it('group: a version written over one this phone has not seen, while it changed the thing too, is a conflict, never applied', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...PLAYERS).chain((id) => fc.tuple(player(id), player(id), player(id))),
				fc.nat({ max: 1000 }),
				fc.integer({ min: 1, max: 1000 }),
				([seen, mine, theirs], seq, later) => {
					const synced = { seq, hash: digest(seen) };
					const local = { hash: digest(mine) };
					fc.pre(local.hash !== synced.hash);
					const decision = reconcile(local, synced, {
						thing: thingOf(theirs),
						seq: seq + later,
						msgId: 'theirs',
						data: writeVersion(theirs)
					});
					const hash = digest(theirs);
					const expected =
						hash === local.hash ? 'same' : hash === synced.hash ? 'keep-mine-and-send' : 'conflict';
					expect(decision.kind).toBe(expected);
				}
			)
		);
	});

	it('group: a message at or before the last one read is known, whatever it holds', () => {
		const decision = reconcile(
			{ hash: null },
			{ seq: 9, hash: null },
			{ thing: `player.${PLAYERS[0]}`, seq: 9, msgId: 'x', data: new Uint8Array([1, 2]) }
		);
		expect(decision.kind).toBe('known');
	});

	it("group: this phone's own version coming back is recognised by its message id", () => {
		const [version] = fc.sample(anyPlayer, { numRuns: 1, seed: 3 });
		const decision = reconcile(
			{ hash: 'changed-since' },
			undefined,
			{ thing: thingOf(version), seq: 4, msgId: 'mine-1', data: writeVersion(version) },
			new Set(['mine-1'])
		);
		expect(decision.kind).toBe('ours');
	});

	it('group: arbitrary bytes or JSON on a subject are refused, never applied', () => {
		const thing: Thing = `player.${PLAYERS[1]}`;
		fc.assert(
			fc.property(
				fc.oneof(
					fc.uint8Array({ maxLength: 200 }),
					fc.jsonValue().map((value) => new TextEncoder().encode(JSON.stringify(value)))
				),
				(data) => {
					const decision = reconcile({ hash: null }, undefined, {
						thing,
						seq: 1,
						msgId: 'm',
						data
					});
					expect(decision.kind).toBe('refused');
				}
			)
		);
	});

	it('group: a whole match is proven through its rules before it is taken', () => {
		const version = matchVersionOf();
		const decision = reconcile({ hash: null }, undefined, {
			thing: thingOf(version),
			seq: 1,
			msgId: 'm',
			data: writeVersion(version)
		});
		expect(decision.kind).toBe('apply');
		expect(decision.kind === 'apply' && decision.match?.status).toBe('finished');
		expect(decision.kind === 'apply' && decision.match?.result?.totals).toHaveLength(3);
	});

	it('group: hostile versions are refused with why: a log that breaks the rules, a wrong id, a seat twice, too large', () => {
		const version = matchVersionOf();
		const at = (data: Uint8Array, thing: Thing = thingOf(version)) =>
			reconcile({ hash: null }, undefined, { thing, seq: 1, msgId: 'm', data });
		// a card taken that is not the face-up one: the reducer refuses it
		const broken = { ...version, log: [...version.log] };
		broken.log.splice(1, 0, { action: { type: 'reveal', card: 99 }, at: 1 });
		const illegal = at(writeVersion(broken));
		expect(illegal.kind).toBe('refused');
		expect(illegal.kind === 'refused' && illegal.why).toBe('illegal');
		expect(illegal.kind === 'refused' && illegal.refusal?.code).toBeTruthy();
		expect(at(writeVersion(version), `match.${newId()}`)).toEqual({
			kind: 'refused',
			why: 'wrong-subject'
		});
		const twice = { ...version, seats: [version.seats[0], version.seats[0], version.seats[2]] };
		expect(at(writeVersion(twice))).toEqual({ kind: 'refused', why: 'invalid' });
		const notOurs = { ...version, id: '../../settings' };
		expect(at(writeVersion(notOurs))).toEqual({ kind: 'refused', why: 'malformed' });
		expect(at(new Uint8Array(61 * 1024))).toEqual({ kind: 'refused', why: 'too-large' });
		expect(readVersion(new TextEncoder().encode('{"v":2}')).ok).toBe(false);
	});

	it('group: the digest tells what a version says, not who wrote it or when, nor seat names', () => {
		const version = matchVersionOf();
		const again = {
			...version,
			by: 'phone-ben-0002',
			at: 99,
			updatedAt: 77,
			seats: version.seats.map((seat) => ({ ...seat, name: `${seat.name}x` }))
		};
		expect(digest(again)).toBe(digest(version));
		expect(digest({ ...version, notes: 'au club' })).not.toBe(digest(version));
		expect(digest({ ...version, log: version.log.slice(0, -1) })).not.toBe(digest(version));
	});

	it('group: only player and match subjects of the group are the record', () => {
		expect(thingOfSubject('club01', `passpad.g.club01.player.${PLAYERS[0]}`)).toBe(
			`player.${PLAYERS[0]}`
		);
		expect(thingOfSubject('club01', 'passpad.g.club01.table.abc123')).toBeNull();
		expect(thingOfSubject('club01', `passpad.g.other1.player.${PLAYERS[0]}`)).toBeNull();
	});

	it('group: a match followed live agrees with the group while the logs agree: followed, taken once over, a conflict once they part', () => {
		const full = matchVersionOf();
		const actions = full.log.map((entry) => entry.action);
		const row = { game: full.game, config: full.config, group: null };
		const rows = (log: readonly unknown[]) => log.map((action) => ({ action }));
		fc.assert(
			fc.property(
				fc.nat({ max: actions.length }),
				fc.nat({ max: actions.length }),
				fc.boolean(),
				fc.nat({ max: actions.length - 1 }),
				(mine, theirs, part, at) => {
					const here = part
						? actions.map((action, seq) => (seq === at ? { type: 'something-else' } : action))
						: actions.slice(0, mine);
					const version: KeptMatch = { ...full, log: full.log.slice(0, theirs) };
					const decision = reconcile(
						{ hash: 'this-phone', ...followerOf(row, rows(here), false) },
						undefined,
						{ thing: thingOf(version), seq: 3, msgId: 'm3', data: writeVersion(version) }
					);
					const over = theirs === actions.length;
					if (part) expect(decision.kind).toBe(theirs > at ? 'conflict' : 'follow');
					else if (over && theirs >= mine) expect(decision.kind).toBe('apply');
					else expect(decision.kind).toBe('follow');
				}
			),
			{ numRuns: 200 }
		);
		// a copy of the group followed live is a follower's; one not followed is the group's
		const log = rows(actions.slice(0, 2));
		expect(followerOf({ ...row, group: 'club01' }, log, true).follower?.log).toHaveLength(2);
		expect(followerOf({ ...row, group: 'club01' }, log, false)).toEqual({});
		expect(followerOf(row, undefined, true)).toEqual({});
	});
});
