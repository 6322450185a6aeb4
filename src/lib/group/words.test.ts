import { describe, expect, it } from 'vitest';
import type { ConflictRow } from '$lib/db/schema';
import { bothKeepable, conflictWords, refusedWords } from './words';

const stamp = { v: 1, id: 'x', by: 'phone-ana-0001', at: 1, contest: null };
const player = (name: string, mergedInto: string | null = null) => ({
	...stamp,
	kind: 'player',
	name,
	colour: null,
	hidden: false,
	mergedInto
});
const match = (moves: number) => ({
	...stamp,
	kind: 'match',
	deleted: false,
	game: 'ill-pass',
	config: {},
	seats: [
		{ player: 'a', name: 'Ana' },
		{ player: 'b', name: 'Ben' }
	],
	notes: '',
	playedMs: 0,
	playedByHand: false,
	abandonedAt: null,
	createdAt: 1,
	updatedAt: 1,
	log: Array.from({ length: moves }, (_, at) => ({ action: { type: 'pass' }, at }))
});
const deleted = { ...stamp, kind: 'match', deleted: true };
const conflict = (mine: unknown, theirs: unknown): ConflictRow => ({
	group: 'club01',
	subject: 'match.x',
	mine,
	theirs,
	theirsSeq: 3,
	theirsMsgId: 'm',
	at: 1
});

describe('group words', () => {
	it('group: a rename two ways names both names, each side where it is', () => {
		expect(conflictWords(conflict(player('Léa M.'), player('Léa B.'))).what).toBe(
			'A player renamed two ways: “Léa M.” on this phone, “Léa B.” in the group.'
		);
		expect(conflictWords(conflict(player('Léa', 'k'), player('Léa B.'))).what).toContain(
			'merged into another player on this phone'
		);
	});

	it('group: a match deleted on one side says where, with each side counted', () => {
		const words = conflictWords(conflict(deleted, match(1)));
		expect(words.what).toBe(
			"A match of I'll Pass (Ana, Ben) was deleted on this phone and changed in the group."
		);
		expect(words.sides).toBe('This phone: deleted. The group: 1 move.');
		expect(conflictWords(conflict(match(2), match(5))).sides).toBe(
			'This phone: 2 moves. The group: 5 moves.'
		);
		expect(bothKeepable(conflict(match(2), match(5)))).toBe(true);
		expect(bothKeepable(conflict(deleted, match(5)))).toBe(false);
	});

	it('group: every refusal has its own words, never a code', () => {
		const whys = ['not-json', 'wrong-subject', 'illegal', 'invalid', 'other-group'] as const;
		const said = whys.map((why) => refusedWords({ thing: 'match.x', seq: 1, why, at: 1 }));
		expect(new Set(said).size).toBe(whys.length);
		for (const text of said) expect(text).not.toMatch(/[a-z]+-[a-z]+/);
	});
});
