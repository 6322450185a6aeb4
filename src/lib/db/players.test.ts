import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { historyCount, historyPage } from './history';
import { createMatch } from './matches';
import { mergePlayers, renamePlayer, roster, setHidden } from './players';
import { leaderboard, playerStats } from './stats';
import { recountTotals } from './totals';

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`players-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const idOf = async (name: string) => (await db.players.where('nameKey').equals(name).first())?.id;
const seatNames = async () =>
	(await historyPage({}, 50)).map((match) => match.seats.map((seat) => seat.name).join(', '));

describe('renamePlayer', () => {
	it('renames the roster row and the seats of every match, in one go', async () => {
		await createMatch({ game: 'ill-pass', config: {}, names: ['Lea', 'Sam', 'Noor'] }, 1);
		await createMatch({ game: 'climbing', config: {}, names: ['Sam', 'Lea'] }, 2);
		await createMatch({ game: 'climbing', config: {}, names: ['Sam', 'Noor'] }, 3);
		const id = (await idOf('lea'))!;

		const renamed = await renamePlayer(id, '  Léa   Martin ');
		expect(renamed).toMatchObject({ ok: true, value: { id, name: 'Léa Martin' } });
		expect(await idOf('léa martin')).toBe(id);
		expect(await idOf('lea')).toBeUndefined();
		expect(await seatNames()).toEqual(['Sam, Noor', 'Sam, Léa Martin', 'Léa Martin, Sam, Noor']);
		// history finds them by the new name
		expect(await historyCount({ name: 'martin' })).toBe(2);
	});

	it('a change of case only is the same player, and is allowed', async () => {
		await createMatch({ game: 'climbing', config: {}, names: ['léa', 'Sam'] });
		const id = (await idOf('léa'))!;
		expect(await renamePlayer(id, 'Léa')).toMatchObject({ ok: true, value: { name: 'Léa' } });
	});

	it('refuses an empty or too long name, or one already taken (merge instead)', async () => {
		await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Sam'] });
		const id = (await idOf('léa'))!;
		const sam = (await idOf('sam'))!;
		expect(await renamePlayer(id, '   ')).toEqual({ ok: false, refusal: { code: 'empty-name' } });
		expect(await renamePlayer(id, 'x'.repeat(31))).toEqual({
			ok: false,
			refusal: { code: 'name-too-long', params: { max: 30 } }
		});
		expect(await renamePlayer(id, ' SAM ')).toEqual({
			ok: false,
			refusal: { code: 'name-taken', params: { name: 'Sam', id: sam } }
		});
		expect(await renamePlayer('nobody', 'Zed')).toEqual({
			ok: false,
			refusal: { code: 'missing-player' }
		});
		expect(await seatNames()).toEqual(['Léa, Sam']); // nothing changed
	});
});

describe('mergePlayers', () => {
	it("moves the duplicate's matches to the player kept, and the statistics add up", async () => {
		const a = await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Sam'] }, 1);
		const b = await createMatch({ game: 'climbing', config: {}, names: ['Noor', 'Lea M'] }, 2);
		await createMatch({ game: 'climbing', config: {}, names: ['Lea M', 'Sam'] }, 3);
		const result = (winner: number) => ({
			status: 'finished' as const,
			result: {
				winners: [winner],
				shared: false,
				reason: 'crowns',
				sides: [[0], [1]],
				totals: winner === 0 ? [3, 1] : [1, 3],
				lowerWins: false,
				feats: []
			}
		});
		await db.matches.update(a.id, result(0));
		await db.matches.update(b.id, result(1));
		await recountTotals(db.matches.where('status').equals('finished'), db.totals); // the rows were written straight
		const [léa, duplicate] = [(await idOf('léa'))!, (await idOf('lea m'))!];

		const merged = await mergePlayers(léa, duplicate);
		expect(merged).toMatchObject({ ok: true, value: { player: { id: léa }, matches: 2 } });
		expect(await db.players.get(duplicate)).toBeUndefined();
		expect(await seatNames()).toEqual(['Léa, Sam', 'Noor, Léa', 'Léa, Sam']);
		expect(await db.matches.where('playerIds').equals(léa).count()).toBe(3);
		expect(await db.matches.where('playerIds').equals(duplicate).count()).toBe(0);
		expect(await playerStats(léa)).toMatchObject({ played: 2, won: 2, unfinished: 1 });
		// who wins what, kept: the duplicate's win is the kept player's now
		expect((await leaderboard()).climbing).toMatchObject([
			{ playerId: léa, played: 2, won: 2 },
			{},
			{}
		]);
		expect(await db.totals.get([duplicate, 'climbing'])).toBeUndefined();
	});

	it('refuses two players who sat at the same table, saying how often', async () => {
		await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Lea M'] });
		await createMatch({ game: 'ill-pass', config: {}, names: ['Léa', 'Sam', 'Lea M'] });
		await createMatch({ game: 'climbing', config: {}, names: ['Lea M', 'Sam'] });
		const [léa, duplicate] = [(await idOf('léa'))!, (await idOf('lea m'))!];
		expect(await mergePlayers(léa, duplicate)).toEqual({
			ok: false,
			refusal: { code: 'shared-table', params: { matches: 2, name: 'Lea M' } }
		});
		expect(await mergePlayers(léa, léa)).toEqual({ ok: false, refusal: { code: 'same-player' } });
		expect(await db.players.count()).toBe(3); // nothing changed
		expect(await db.matches.where('playerIds').equals(duplicate).count()).toBe(3);
	});
});

describe('setHidden', () => {
	it('hides a player from the roster offered at a new match; typing the name brings them back', async () => {
		await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Guest'] });
		const guest = (await idOf('guest'))!;
		expect(await setHidden(guest, true)).toMatchObject({ ok: true, value: { hidden: true } });
		expect((await roster()).map((player) => player.name)).toEqual(['Léa']);
		expect((await roster(true)).map((player) => player.name)).toEqual(['Guest', 'Léa']);

		await createMatch({ game: 'climbing', config: {}, names: ['guest', 'Léa'] });
		expect((await roster()).map((player) => player.name)).toEqual(['Guest', 'Léa']);
		expect(await db.players.count()).toBe(2);
		expect(await setHidden('nobody', true)).toEqual({
			ok: false,
			refusal: { code: 'missing-player' }
		});
	});
});
