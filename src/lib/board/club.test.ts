import { describe, expect, it } from 'vitest';
import { illPassVersion, playerVersion } from '$lib/group/fixtures';
import { proveMatch } from '$lib/group/record';
import { rateRecord } from '$lib/ratings/rate';
import { newId } from '$lib/wire/ids';
import { startEvening } from '$lib/evening/evening';
import { DEFAULT_SCALE } from '$lib/evening/tag';
import { eveningVersion } from '$lib/group/club-record';
import { ClubRecord } from './club';

const by = 'phone-test-01';
const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
const settings = (ratings: boolean) =>
	({ v: 1, id: 'club0001', by, at: 1, contest: null, kind: 'settings', ratings }) as const;
const match = (seed: number, at: number) =>
	illPassVersion(by, newId(), seats, { seed, at, span: 100 });

describe("the club on the board: the group's record as every member's phone rates it", () => {
	it("ratings: off until the group's settings switch them on; then every finished match proven counts, as on a phone", () => {
		const record = new ClubRecord();
		const matches = [match(1, 10), match(2, 500), match(3, 900)];
		for (const version of matches) record.take(version);
		expect(record.ratings).toBe(false);
		expect(record.rated()).toEqual([]);
		// passed over while off: the switch on asks for the record again
		expect(record.take(settings(true))).toBe(true);
		expect(record.reread).toBe(true);
		for (const version of matches) record.take(version);
		const rated = record.rated();
		expect(rated).toHaveLength(3);
		// the same matches as a phone's rows say them: the replay's status and result
		for (const version of matches) {
			const proof = proveMatch(version);
			if (!proof.ok) throw new Error('not proven');
			const mine = rated.find((one) => one.id === version.id)!;
			expect(mine.result).toEqual(proof.match.result);
			expect(mine.status).toBe(proof.match.status);
		}
		expect(rateRecord(rated).get('ill-pass')?.size).toBe(3);
		expect(record.take(settings(false))).toBe(true);
		expect(record.ratings).toBe(false);
	});

	it('ratings: a version the rules refuse counts nothing, a deleted match leaves, a merged player is the one kept', () => {
		const record = new ClubRecord();
		record.take(settings(true));
		const kept = match(4, 10);
		record.take(kept);
		record.take({ ...match(5, 20), log: [{ action: { type: 'nonsense' }, at: 30 }] });
		expect(record.rated().map((one) => one.id)).toEqual([kept.id]);
		for (const seat of seats) record.take(playerVersion(by, seat, 1));
		expect(record.nameOf(seats[0].player)).toBe('Ana');
		// Ana merged into Ben's player: her seat counts as Ben's
		record.take({ ...playerVersion(by, seats[0], 2), hidden: true, mergedInto: seats[1].player });
		expect(record.rated()[0].playerIds).toEqual([
			seats[1].player,
			seats[1].player,
			seats[2].player
		]);
		record.take({ v: 1, id: kept.id, by, at: 3, contest: null, kind: 'match', deleted: true });
		expect(record.rated()).toEqual([]);
	});

	it('evening: tonight is the evening started last, as its definition the group shares says it', () => {
		const record = new ClubRecord();
		expect(record.tonight()).toBeNull();
		const evening = (at: number) =>
			startEvening({
				id: newId(),
				group: 'club0001',
				players: ['Ana', 'Ben', 'Chloé'].map((name) => ({ key: `guest:${name}`, name })),
				game: 'ill-pass',
				rounds: 2,
				scale: DEFAULT_SCALE,
				seed: at,
				now: at
			});
		const [last, tonight] = [evening(10), evening(20)];
		for (const row of [tonight, last]) {
			expect(
				record.take(eveningVersion(row, { v: 1, id: row.id, by, at: 30, contest: null }))
			).toBe(true);
		}
		expect(record.tonight()?.id).toBe(tonight.id);
		expect(record.tonight()?.drawn[0].tables[0].seats).toHaveLength(3);
	});
});
