import { describe, expect, it } from 'vitest';
import type { ConflictRow } from '$lib/db/schema';
import type { RefusedNote } from '$lib/db/schema';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { bothKeepable, catchUpWords, conflictWords, refusedLines, refusedWords } from './words';

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
		const said = whys.map((why) => refusedWords({ why }));
		expect(new Set(said).size).toBe(whys.length);
		for (const text of said) expect(text).not.toMatch(/[a-z]+-[a-z]+/);
	});

	it('group: refusals said in the same words make one line with their count, newest last, each where its newest is', () => {
		const note = (seq: number, why: RefusedNote['why']): RefusedNote => ({
			thing: `match.m${seq}`,
			seq,
			why,
			at: seq
		});
		// not-json and malformed are said alike: one line of three
		const lines = refusedLines([
			note(3, 'not-json'),
			note(4, 'illegal'),
			note(7, 'malformed'),
			note(9, 'invalid'),
			note(12, 'not-json')
		]);
		expect(lines).toEqual([
			{
				words: "A match whose moves break its game's rules was refused; nothing changed.",
				count: 1,
				seq: 4
			},
			{
				words: 'A match with impossible seats or times was refused; nothing changed.',
				count: 1,
				seq: 9
			},
			{
				words: '3 messages that are not Passpad records were refused; nothing changed.',
				count: 3,
				seq: 12
			}
		]);
		expect(refusedLines([])).toEqual([]);
		// every note counted once, whatever they are
		const whys = ['not-json', 'illegal', 'invalid', 'other-group', 'wrong-subject'] as const;
		const many = Array.from({ length: 20 }, (_, at) => note(at + 1, whys[(at * 7) % 5]));
		const counted = refusedLines(many);
		expect(counted.reduce((sum, line) => sum + line.count, 0)).toBe(20);
		expect(new Set(counted.map((line) => line.words)).size).toBe(counted.length);
		expect(counted.map((line) => line.seq)).toEqual(
			counted.map((line) => line.seq).sort((a, b) => a - b)
		);
	});

	it('group: grouped refusals agree with their count in English and French', () => {
		const fr = (why: RefusedNote['why'], count: number) =>
			refusedWords({ why }, count).replace(/\u202f/g, '~');
		expect(refusedWords({ why: 'not-json' }, 2)).toBe(
			'2 messages that are not Passpad records were refused; nothing changed.'
		);
		expect(refusedWords({ why: 'wrong-subject' }, 2)).toBe(
			'2 records naming another match or player than their own were refused; nothing changed.'
		);
		overwriteGetLocale(() => 'fr');
		try {
			expect(fr('not-json', 1)).toBe(
				"Un message qui n'est pas un registre Passpad a été refusé~; rien n'a changé."
			);
			expect(fr('not-json', 2)).toBe(
				"2 messages qui ne sont pas des registres Passpad ont été refusés~; rien n'a changé."
			);
			expect(fr('illegal', 5)).toBe(
				"5 messages dont la partie enfreint les règles de son jeu ont été refusés~; rien n'a changé."
			);
		} finally {
			overwriteGetLocale(() => baseLocale);
		}
	});

	it('group: how far a phone has caught up, its numbers as each language writes them', () => {
		expect(catchUpWords({ taken: 3_200, total: 10_000 }, 'en')).toBe(
			'3,200 of 10,000 versions saved on this phone.'
		);
		expect(catchUpWords({ taken: 0, total: 1 }, 'en')).toBe('0 of 1 version saved on this phone.');
		// French groups thousands with a narrow no-break space: never cut across two lines
		expect(catchUpWords({ taken: 3_200, total: 10_000 }, 'fr')).toBe(
			'3\u202f200 sur 10\u202f000 versions enregistrées sur ce téléphone.'
		);
		expect(catchUpWords({ taken: 1, total: 1 }, 'fr')).toBe(
			'1 sur 1 version enregistrée sur ce téléphone.'
		);
	});
});
