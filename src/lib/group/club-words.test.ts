/** The club's conflicts in the players' words (docs/evening.md, "One evening on every phone"). */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConflictRow } from '$lib/db/schema';
import { drawNext, startEvening } from '$lib/evening/evening';
import { DEFAULT_SCALE } from '$lib/evening/tag';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { newId } from '$lib/wire/ids';
import { eveningVersion } from './club-record';
import { bothKeepable, conflictWords } from './words';

const stamp = (id: string) => ({ v: 1, id, by: 'phone-ana-0001', at: 1, contest: null }) as const;
const conflict = (
	subject: ConflictRow['subject'],
	mine: unknown,
	theirs: unknown
): ConflictRow => ({
	group: 'club01',
	subject,
	mine,
	theirs,
	theirsSeq: 3,
	theirsMsgId: 'm',
	at: 1
});
const settings = (ratings: boolean) => ({ ...stamp('club01'), kind: 'settings', ratings });
const evening = startEvening({
	id: newId(),
	group: 'club01',
	players: ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve', 'Fred'].map((name) => ({
		key: `guest:${name}`,
		name
	})),
	game: 'ill-pass',
	rounds: 2,
	scale: DEFAULT_SCALE,
	seed: 3,
	now: Date.UTC(2026, 10, 26, 20)
});

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('the club in words', () => {
	it('ratings switched two ways say which way each side went, never kept both', () => {
		const on = conflict('settings', settings(true), settings(false));
		expect(conflictWords(on).what).toBe(
			'Ratings were switched on on this phone and off in the group.'
		);
		expect(conflictWords(conflict('settings', settings(false), settings(true))).what).toBe(
			'Ratings were switched off on this phone and on in the group.'
		);
		expect(bothKeepable(on)).toBe(false);
	});

	it("an evening changed two ways names its date and each side's last round by its players", () => {
		const mine = eveningVersion(evening, stamp(evening.id));
		const five = evening.players.filter((player) => player.name !== 'Fred');
		const next = drawNext(evening, five, 'ill-pass', 2)!;
		const theirs = eveningVersion(next, stamp(evening.id));
		const words = conflictWords(conflict(`evening.${evening.id}`, mine, theirs));
		expect(words.what).toMatch(/^The evening of .+ was changed on this phone and in the group\.$/);
		const seated = next.drawn[1].tables[0].seats.map((key) => key.slice('guest:'.length));
		expect(words.sides).toContain('This phone: 1 round drawn, 0 tables started; round 1: ');
		expect(words.sides).toContain(
			`The group: 2 rounds drawn, 0 tables started; round 2: ${seated.join(', ')}.`
		);
		expect(words.sides).not.toContain('guest:');
		overwriteGetLocale(() => 'fr');
		const french = conflictWords(conflict(`evening.${evening.id}`, mine, theirs));
		expect(french.what).toMatch(
			/^La soirée du .+ a été modifiée sur ce téléphone et dans le groupe\.$/
		);
		expect(french.sides).toContain(
			'Le groupe\u202f: 2 tours tirés, 0 table commencée\u202f; tour 2\u202f: '
		);
		expect(bothKeepable(conflict(`evening.${evening.id}`, mine, theirs))).toBe(false);
	});
});
