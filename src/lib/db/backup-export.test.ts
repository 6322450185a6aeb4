import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { BackupRefused, readBackup } from './backup-validate';
import { device, everyGame, fresh, freshEachTest } from './backup-fixtures';
import { setNotes, setTimePlayed } from './matches';
import { handedMatch, handoverBackup } from './handover';
import { BACKUP_SCHEMA } from './backup-format';
import { loadLog } from './log';
import { newId } from '../wire/ids';
import { SCHEMA_VERSION } from './schema';

freshEachTest();

describe('backup: export then import is lossless for every game', () => {
	it('restores the same players, matches, logs and results on a new device', async () => {
		await everyGame();
		const before = await exportAll('test');
		expect(before.matches.map((match) => match.game).sort()).toEqual([
			'climbing',
			'dominoes',
			'ill-pass',
			'pass-pass'
		]);
		await fresh(); // the new phone
		const report = await importBackup(readBackup(JSON.stringify(before)));
		expect(report).toEqual({ players: 4, groups: 0, matches: 4, skipped: 0 });
		const after = await exportAll('test', before.exportedAt);
		const byId = <T extends { id: string }>(rows: T[]) =>
			[...rows].sort((a, b) => a.id.localeCompare(b.id));
		expect(byId(after.matches)).toEqual(byId(before.matches));
		expect(byId(after.players)).toEqual(byId(before.players));
	});

	it('merges: a match already here is kept, a player with the same name is the same player', async () => {
		await everyGame();
		const file = JSON.stringify(await exportAll('test'));
		expect(await importBackup(readBackup(file))).toEqual({
			players: 0,
			groups: 0,
			matches: 0,
			skipped: 4
		});
		expect(await device().matches.count()).toBe(4);
	});
});

describe('backup: the v4 fields', () => {
	it("a match's note and time played set by hand go through export and import unchanged", async () => {
		await everyGame();
		const [one, two] = await device().matches.toArray();
		await setNotes(one.id, 'At the café.\nSam arrived late');
		await setTimePlayed(two.id, 95 * 60_000);
		const file = JSON.stringify(await exportAll('test'));
		await fresh();
		await importBackup(readBackup(file));
		expect(await device().matches.get(one.id)).toMatchObject({
			notes: 'At the café.\nSam arrived late',
			playedByHand: false
		});
		expect(await device().matches.get(two.id)).toMatchObject({
			notes: '',
			playedMs: 95 * 60_000,
			playedByHand: true
		});
	});

	it('an older backup (no revision, results without direction or feats) is imported with them filled in, and counted in who wins what', async () => {
		await everyGame();
		const file = await exportAll('test');
		const rows = await device().matches.toArray();
		const old = {
			...file,
			schema: 3,
			matches: file.matches.map((match) => {
				const {
					revision: _revision,
					notes: _notes,
					playedMs: _playedMs,
					playedByHand: _byHand,
					...rest
				} = match;
				if (!rest.result) return rest;
				const { lowerWins: _lowerWins, feats: _feats, ...result } = rest.result;
				return { ...rest, result };
			})
		};
		await fresh();
		await importBackup(readBackup(JSON.stringify(old)));
		const finished = rows.filter((row) => row.status === 'finished');
		expect(finished.length).toBeGreaterThan(0);
		for (const row of finished) {
			const imported = (await device().matches.get(row.id))!;
			expect(imported.revision).toBe(0);
			expect(imported.result).toEqual(row.result);
			expect(imported.result!.feats.length).toBeGreaterThan(0);
		}
		const totals = await device().totals.toArray();
		expect(totals.reduce((sum, total) => sum + total.played, 0)).toBe(
			finished.reduce((sum, row) => sum + row.playerIds.length, 0)
		);
	});
});

describe('backup: the v5 groups', () => {
	const club = {
		id: 'club01',
		name: 'Jeudi au club',
		server: '',
		user: 'm-club01-ana',
		pass: 'A'.repeat(24),
		role: 'member' as const,
		left: false,
		joinedAt: 5
	};

	it("the groups a phone belongs to and each match's group go through export and import", async () => {
		await everyGame();
		// the group's refused messages and how far its record and its wire were read are this
		// phone's reading, not the record: left behind
		const refused = [{ thing: 'match.m1' as const, seq: 3, why: 'not-json' as const, at: 4 }];
		await device().groups.add({ ...club, refused, readTo: 17, wireReadTo: 19 });
		const [one] = await device().matches.toArray();
		await device().matches.update(one.id, { group: 'club01' });
		const file = JSON.stringify(await exportAll('test'));
		expect(file).not.toContain('not-json');
		await fresh();
		const report = await importBackup(readBackup(file));
		expect(report.groups).toBe(1);
		expect(await device().groups.toArray()).toEqual([club]);
		expect((await device().matches.get(one.id))!.group).toBe('club01');
		expect(await device().matches.where('group').equals('club01').count()).toBe(1);
		// the others belong to no group
		expect((await device().matches.toArray()).filter((m) => m.group === null)).toHaveLength(3);
	});

	it('a match naming a group the file does not hold is refused, nothing written', async () => {
		await everyGame();
		const [one] = await device().matches.toArray();
		await device().matches.update(one.id, { group: 'other01' });
		const file = JSON.stringify(await exportAll('test'));
		await fresh();
		expect(() => readBackup(file)).toThrow(BackupRefused);
		expect(await device().matches.count()).toBe(0);
	});
});

describe('a backup keeps its own version, apart from the database (limits.ts, BACKUP_SCHEMA)', () => {
	it('written now, it says 5, which a Passpad of database v5 reads (it refuses only a newer number); its logs are the whole logs, times kept', async () => {
		await everyGame();
		const file = await exportAll('test');
		// v11 changed how a log row is stored, v12 added the seals a phone had, not what a
		// backup holds: still the objects
		expect(SCHEMA_VERSION).toBe(12);
		expect(file.schema).toBe(BACKUP_SCHEMA);
		expect(file.schema).toBeLessThanOrEqual(5);
		for (const match of file.matches) {
			const { match: row, actions } = await loadLog(match.id);
			expect(match.log.map((entry) => entry.action)).toEqual(actions);
			expect(match.log).toHaveLength(row.length);
			expect(match.log.every((entry, at) => at === 0 || entry.at >= match.log[at - 1].at)).toBe(
				true
			);
		}
	});

	it('files of every version so far (1 to 5) are read as before; a number no Passpad writes yet is refused as newer', async () => {
		await everyGame();
		const file = await exportAll('test');
		for (const schema of [1, 2, 3, 4, 5]) {
			expect(readBackup(JSON.stringify({ ...file, schema })).matches).toHaveLength(
				file.matches.length
			);
		}
		expect(() => readBackup(JSON.stringify({ ...file, schema: 6 }))).toThrow(BackupRefused);
	});

	it('a hand-over link is proven as a backup of the same version', async () => {
		await everyGame();
		const [match] = await device().matches.toArray();
		const backup = handoverBackup(await handedMatch(match.id), 0, newId);
		expect(backup.schema).toBe(BACKUP_SCHEMA);
		expect(readBackup(JSON.stringify(backup)).matches[0].log).toEqual(
			(await handedMatch(match.id)).log
		);
	});
});
