import { describe, expect, it } from 'vitest';
import { illPassVersion } from '$lib/group/fixtures';
import { newId } from '$lib/wire/ids';
import { DEFAULT_SCALE, withEvening } from '$lib/evening/tag';
import { eveningStandings } from '$lib/evening/standings';
import { EveningMatches, eveningMatchOf, latestEvening } from './evening';

const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));

function version(evening: string | null, at: number, seed: number) {
	const kept = illPassVersion('phone-test-01', newId(), seats, { seed, at, span: 100 });
	if (!evening) return kept;
	const tag = { id: evening, round: 1, table: 1, scale: DEFAULT_SCALE };
	return { ...kept, config: withEvening(kept.config as object, tag) };
}

describe("the board's standings: the group's versions, as every member's phone counts them", () => {
	it('a finished match of an evening is proven and counted; a match of no evening, a deleted one, or one whose log the rules refuse, counts nothing', () => {
		const evening = newId();
		expect(eveningMatchOf(version(evening, 10, 1))?.status).toBe('finished');
		expect(eveningMatchOf(version(null, 10, 1))).toBeNull();
		expect(
			eveningMatchOf({ ...version(evening, 10, 1), log: [{ action: { type: 'x' }, at: 1 }] })
		).toBeNull();
		const deleted = { v: 1, id: newId(), by: 'phone-test-01', at: 1, contest: null } as const;
		expect(eveningMatchOf({ ...deleted, kind: 'match', deleted: true })).toBeNull();
	});

	it("the newest evening's standings, the same as a member's phone counts from its rows", () => {
		const [old, tonight] = [newId(), newId()];
		const matches = [version(old, 10, 1), version(tonight, 500, 2), version(tonight, 600, 3)]
			.map(eveningMatchOf)
			.filter((match) => match !== null);
		const shown = latestEvening(matches)!;
		expect(shown.evening).toBe(tonight);
		expect(shown.rows).toEqual(eveningStandings(matches, tonight));
		expect(shown.rows.reduce((sum, row) => sum + row.played, 0)).toBe(6);
		expect(latestEvening([])).toBeNull();
	});

	it('a newer version replaces the match, a deleted one takes it out', () => {
		const evening = newId();
		const kept = new EveningMatches();
		const first = version(evening, 10, 1);
		expect(kept.take(first)).toBe(true);
		expect(kept.standings()).toHaveLength(3);
		expect(kept.take(version(null, 20, 2))).toBe(false);
		expect(kept.take({ ...first, kind: 'match', deleted: true } as never)).toBe(true);
		expect(kept.standings()).toEqual([]);
	});
});
