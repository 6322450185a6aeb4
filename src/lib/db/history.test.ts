import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { historyCount, historyPage } from './history';
import { createMatch } from './matches';

beforeEach(async () => {
	const db = new PasspadDb(`history-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
	const day = 86_400_000;
	await createMatch({ game: 'ill-pass', config: {}, names: ['Léa', 'Sam', 'Noor'] }, 1 * day);
	await createMatch(
		{ game: 'dominoes', config: {}, names: ['Léa', 'Ana', 'Ben', 'Cleo'] },
		2 * day
	);
	await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben', 'Cleo'] }, 3 * day);
	await createMatch({ game: 'climbing', config: {}, names: ['Samuel', 'Noor'] }, 4 * day);
});

const names = (rows: { seats: { name: string }[] }[]) => rows.map((row) => row.seats[0].name);

describe('history: newest first, filtered through indexes, a page at a time', () => {
	it('lists everything newest first, in pages', async () => {
		expect(names(await historyPage({}, 2))).toEqual(['Samuel', 'Ana']);
		expect(names(await historyPage({}, 2, 2))).toEqual(['Léa', 'Léa']);
		expect(await historyCount({})).toBe(4);
	});

	it('filters by game', async () => {
		expect(names(await historyPage({ game: 'ill-pass' }, 10))).toEqual(['Ana', 'Léa']);
		expect(await historyCount({ game: 'dominoes' })).toBe(1);
	});

	it('searches by part of a player name, any case', async () => {
		expect(await historyCount({ name: 'sam' })).toBe(2); // Sam and Samuel
		expect(await historyCount({ name: 'LÉA' })).toBe(2);
		expect(await historyCount({ name: 'zed' })).toBe(0);
	});

	it('filters by date, and combines filters', async () => {
		const day = 86_400_000;
		expect(await historyCount({ from: 2 * day, to: 3 * day + 1 })).toBe(2);
		expect(names(await historyPage({ game: 'ill-pass', name: 'ben', from: 2 * day }, 10))).toEqual([
			'Ana'
		]);
	});
});
