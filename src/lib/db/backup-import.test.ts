import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { exportAll } from './backup-export';
import { ImportInterrupted, importBackup } from './backup-import';
import { readBackup } from './backup-validate';
import { entriesOfRow } from './log-row';
import { device, everyGame, fresh, freshEachTest, large } from './backup-fixtures';

freshEachTest();

/** Actions written here, over every match's log row. */
const entryCount = async () =>
	(await device().logs.toArray()).reduce((sum, row) => sum + entriesOfRow(row).length, 0);

describe('backup import: a player of the file is matched by name', () => {
	it('a player id known here under another name is not that player: the seats count for whom they name', async () => {
		await everyGame();
		const file = await exportAll('test');
		const lea = file.players.find((player) => player.name === 'Léa')!;
		await fresh(); // another phone, where that id is Zed's
		await device().players.add({
			id: lea.id,
			name: 'Zed',
			nameKey: 'zed',
			hidden: false,
			createdAt: 0,
			colour: null
		});
		await importBackup(readBackup(JSON.stringify(file)));
		expect((await device().players.get(lea.id))!.name).toBe('Zed');
		for (const match of await device().matches.toArray()) {
			for (const seat of match.seats) {
				expect((await device().players.get(seat.playerId))!.name).toBe(seat.name);
			}
			expect(match.playerIds).not.toContain(lea.id);
		}
	});
});

describe('backup import: a large file, in parts', () => {
	it('saves in parts, with progress, every match whole with its log', async () => {
		const seen: string[] = [];
		const report = await importBackup(readBackup(JSON.stringify(large(600))), (step) =>
			seen.push(`${step.phase} ${step.done}/${step.total}`)
		);
		expect(report).toEqual({ players: 3, groups: 0, matches: 600, skipped: 0 });
		expect(seen).toEqual(['saving 250/600', 'saving 500/600', 'saving 600/600']);
		expect(await device().logs.count()).toBe(600);
		expect(await entryCount()).toBe(1_200);
	});

	it('stopped part way, it keeps whole matches and says so; the same file again adds the rest', async () => {
		const file = readBackup(JSON.stringify(large(600)));
		const original = device().logs.bulkPut.bind(device().logs);
		let calls = 0;
		device().logs.bulkPut = ((...args: Parameters<typeof original>) => {
			if (++calls === 2) throw new DOMException('The disk is full.', 'QuotaExceededError');
			return original(...args);
		}) as typeof original;
		const stopped = await importBackup(file).catch((error) => error);
		expect(stopped).toBeInstanceOf(ImportInterrupted);
		expect(stopped.report).toEqual({ players: 3, groups: 0, matches: 250, skipped: 0 });
		expect(await device().matches.count()).toBe(250);
		expect(await entryCount()).toBe(500);
		device().logs.bulkPut = original;
		expect(await importBackup(file)).toEqual({ players: 0, groups: 0, matches: 350, skipped: 250 });
		expect(await entryCount()).toBe(1_200);
	});
});
