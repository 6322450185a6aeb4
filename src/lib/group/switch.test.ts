/**
 * The group's switch to reading its matches from the wire (docs/wire.md, "Reading a group's
 * matches from the wire: the switch", step 4): a fold of the member records, both ways.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MemberRecord } from '$lib/wire/provision';
import { readsWire } from './switch';

const GROUP = 'club00000001';
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'].map((one) => one.repeat(43));
const memberUser = fc.stringMatching(/^[a-z0-9]{8}$/).map((tail) => `${GROUP}-m${tail}`);
const boardUser = fc.stringMatching(/^[a-z0-9]{8}$/).map((tail) => `${GROUP}-b${tail}`);

/** A member's record: its keys, each with the wire its phone said it reads (1 not named). */
const recordOf = (
	user: string,
	said: readonly (readonly [string, number])[],
	removed = false,
	at = 1
): MemberRecord => {
	const reads = Object.fromEntries(said.filter(([, wire]) => wire !== 1));
	return {
		v: 1,
		user,
		label: 'phone',
		removed,
		at,
		...(said.length ? { keys: said.map(([key]) => key) } : {}),
		...(Object.keys(reads).length ? { reads } : {})
	};
};

const saidArb = (wire: fc.Arbitrary<number>) =>
	fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), wire), {
		selector: ([key]) => key,
		maxLength: 3
	});

/** Any record of `users`: removed or not, keys of any build, any time. */
const anyRecord = (users: fc.Arbitrary<string>) =>
	fc
		.tuple(users, saidArb(fc.integer({ min: 1, max: 3 })), fc.boolean(), fc.nat(100))
		.map(([user, said, removed, at]) => recordOf(user, said, removed, at));

/** A member reading the wire: a key reading 2 or more among its keys. */
const readingRecord = (user: string) =>
	fc
		.tuple(saidArb(fc.integer({ min: 1, max: 3 })), fc.integer({ min: 2, max: 3 }))
		.map(([said, wire]) =>
			recordOf(user, [...said.filter(([key]) => key !== KEYS[0]), [KEYS[0], wire]])
		);

/** A group that reads the wire: one record a member, every one reading it, some removed. */
const readingGroup = fc
	.uniqueArray(memberUser, { minLength: 1, maxLength: 6 })
	.chain((users) =>
		fc.tuple(
			fc.tuple(...users.map(readingRecord)),
			fc.array(
				anyRecord(memberUser).map((record) => ({ ...record, removed: true })),
				{ maxLength: 3 }
			)
		)
	)
	.map(([reading, removed]) => [
		...reading,
		...removed.filter((one) => !reading.some((member) => member.user === one.user))
	]);

/** A member on an older build: no key yet, or keys that read 1 only. */
const olderRecord = (user: string) =>
	saidArb(fc.constant(1)).map((said) => recordOf(user, said, false, 10));

describe('the group’s switch to the wire', () => {
	it.each([
		['no member record held yet', [], false],
		['a member reading the wire', [recordOf(`${GROUP}-maaaaaaaa`, [[KEYS[0], 2]])], true],
		[
			'a member with one phone reading the wire and one not',
			[
				recordOf(`${GROUP}-maaaaaaaa`, [
					[KEYS[0], 1],
					[KEYS[1], 2]
				])
			],
			true
		],
		[
			'a member whose key said nothing (1)',
			[recordOf(`${GROUP}-maaaaaaaa`, [[KEYS[0], 1]])],
			false
		],
		['a member with no key yet', [recordOf(`${GROUP}-maaaaaaaa`, [])], false],
		[
			'a wire named for a key the record no longer names',
			[{ ...recordOf(`${GROUP}-maaaaaaaa`, [[KEYS[0], 1]]), reads: { [KEYS[1]]: 2 } }],
			false
		],
		['the board only, reading the wire', [recordOf(`${GROUP}-bcccccccc`, [[KEYS[0], 2]])], false],
		[
			'a removed member on an older build beside a member reading it',
			[
				recordOf(`${GROUP}-maaaaaaaa`, [[KEYS[0], 2]]),
				recordOf(`${GROUP}-mbbbbbbbb`, [[KEYS[1], 1]], true)
			],
			true
		]
	] as const)('switch: %s', (_, members, reads) => {
		expect(readsWire(members as readonly MemberRecord[])).toBe(reads);
	});

	it('switch: a group whose every member reads the wire reads it', () => {
		fc.assert(
			fc.property(readingGroup, (members) => {
				expect(readsWire(members)).toBe(true);
			})
		);
	});

	it('switch: a member added on an older build turns it off; that member removed turns it back on', () => {
		fc.assert(
			fc.property(
				readingGroup,
				memberUser.chain((user) => olderRecord(user)),
				(members, older) => {
					fc.pre(!members.some((member) => member.user === older.user));
					const added = [...members, older];
					expect(readsWire(added)).toBe(false);
					// its removal is a newer record of it, read in any order
					const removal = { ...older, removed: true, at: older.at + 1 };
					expect(readsWire([removal, ...added])).toBe(true);
					expect(readsWire(members)).toBe(true);
				}
			)
		);
	});

	it('switch: the order of the records does not change the answer', () => {
		// three users, so a member's records (older and newer, removed or not) meet in a list
		const users = fc.constantFrom(...['a', 'b', 'c'].map((one) => `${GROUP}-m${one.repeat(8)}`));
		const listed = fc
			.array(anyRecord(users), { maxLength: 8 })
			.chain((members) =>
				fc.tuple(fc.constant(members), fc.shuffledSubarray(members, { minLength: members.length }))
			);
		fc.assert(
			fc.property(listed, ([members, shuffled]) => {
				expect(readsWire(shuffled)).toBe(readsWire(members));
			})
		);
	});

	it('switch: the board never counts, whatever its record says', () => {
		fc.assert(
			fc.property(
				fc.array(anyRecord(memberUser), { maxLength: 6 }),
				fc.array(anyRecord(boardUser), { minLength: 1, maxLength: 3 }),
				(members, boards) => {
					expect(readsWire([...members, ...boards])).toBe(readsWire(members));
					expect(readsWire([...boards, ...members])).toBe(readsWire(members));
				}
			)
		);
	});
});
