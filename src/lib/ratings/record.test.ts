import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from '../db/db';
import { createMatch } from '../db/matches';
import type { MatchResult } from '../db/schema';
import { finishedMatches, ratedRecords, ratingsOn, setRatingsOn } from './record';
import { ratingsOf } from './load';

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`ratings-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const won = (winner: number): MatchResult => ({
	winners: [winner],
	shared: false,
	reason: 'test',
	sides: [[0], [1], [2]],
	totals: [0, 1, 2].map((seat) => (seat === winner ? 30 : 10 + seat)),
	lowerWins: false,
	feats: []
});

async function match(
	status: 'finished' | 'abandoned' | 'active',
	group: string | null,
	at: number,
	winner = 0
) {
	const row = await createMatch(
		{ game: 'climbing', config: {}, names: ['Ana', 'Ben', 'Cleo'], group },
		at
	);
	if (status !== 'active')
		await db.matches.update(row.id, { status, result: status === 'finished' ? won(winner) : null });
	return row;
}

describe('which records are rated', () => {
	it('ratings are off by default, for this phone and for a group, and switched one by one', async () => {
		await db.groups.put({
			id: 'club',
			name: 'Club',
			server: '',
			user: 'u',
			pass: 'p',
			role: 'member',
			left: false,
			joinedAt: 1
		});
		expect(await ratingsOn(null)).toBe(false);
		expect(await ratingsOn('club')).toBe(false);
		expect(await ratedRecords()).toEqual([]);
		await setRatingsOn('club', true);
		expect(await ratedRecords()).toEqual(['club']);
		await setRatingsOn(null, true);
		await setRatingsOn('club', false);
		expect(await ratedRecords()).toEqual([null]);
	});
});

describe("a record's matches", () => {
	it('reads only the finished matches of that record', async () => {
		const mine = await match('finished', null, 10);
		await match('abandoned', null, 20);
		await match('active', null, 30);
		const theirs = await match('finished', 'club', 40);
		expect((await finishedMatches(null)).map((row) => row.id)).toEqual([mine.id]);
		expect((await finishedMatches('club')).map((row) => row.id)).toEqual([theirs.id]);
		expect(await finishedMatches(null, 'dominoes')).toEqual([]);
	});

	it('an edit of a result, a delete or an import moves the ratings by the record alone', async () => {
		const first = await match('finished', null, 10, 0);
		await match('finished', null, 20, 0);
		const ana = () => ratingsOf(null).then((games) => games.get('climbing')!);
		const [anaId, benId] = (await db.matches.get(first.id))!.playerIds;
		expect((await ana()).get(anaId)!.rating).toBeGreaterThan(1000);
		// the first match edited: Ben won it
		await db.matches.update(first.id, { result: won(1) });
		const edited = await ana();
		expect(edited.get(benId)!.history[0].change).toBeGreaterThan(0);
		// deleted: Ben has one match left, the one he lost
		await db.matches.delete(first.id);
		const after = await ana();
		expect(after.get(benId)!.played).toBe(1);
		expect(after.get(benId)!.rating).toBeLessThan(1000);
	});
});
