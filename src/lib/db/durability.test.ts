import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { illPass } from '../rules/ill-pass';
import { summarize } from './summary';
import { PasspadDb, useDatabase } from './db';
import { appendAction } from './log';
import { createMatch } from './matches';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { readBackup } from './backup-validate';

// The writes that end a match or import a backup commit with durability
// "strict"; the others keep the browser's default. Read from the transactions IndexedDB opens.
let writes: { stores: string[]; durability: string | undefined }[] = [];
const original = IDBDatabase.prototype.transaction;

beforeEach(async () => {
	writes = [];
	IDBDatabase.prototype.transaction = function (
		this: IDBDatabase,
		stores: string | string[],
		mode?: IDBTransactionMode,
		options?: IDBTransactionOptions
	) {
		if (mode === 'readwrite') {
			writes.push({ stores: [...stores].sort(), durability: options?.durability });
		}
		return original.call(this, stores, mode, options);
	} as typeof original;
	const db = new PasspadDb(`durability-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});
afterEach(() => {
	IDBDatabase.prototype.transaction = original;
	vi.unstubAllGlobals();
});

async function playToTheEnd() {
	const game = randomGame(seeded(11), 3);
	const match = await createMatch({
		game: 'ill-pass',
		config: game.config,
		names: ['A', 'B', 'C']
	});
	let state = illPass.setup(game.config, 3);
	for (const [seq, action] of game.actions.entries()) {
		const result = illPass.apply(state, action);
		if (!result.ok) throw new Error(result.refusal.code);
		state = result.value;
		await appendAction(match.id, seq, action, summarize(illPass, state));
	}
	return game.actions.length;
}

describe('durability: strict for the writes that end a match or import', () => {
	it("the action that ends a match is written strictly, the others with the browser's default", async () => {
		const length = await playToTheEnd();
		const logWrites = writes.filter((write) => write.stores.includes('logs'));
		expect(logWrites).toHaveLength(length);
		expect(logWrites.at(-1)!.durability).toBe('strict');
		expect(logWrites.slice(0, -1).every((write) => write.durability !== 'strict')).toBe(true);
	});

	it('an import is written strictly', async () => {
		await playToTheEnd();
		const file = JSON.stringify(await exportAll('test'));
		useDatabase(new PasspadDb(`durability-${crypto.randomUUID()}`));
		writes = [];
		await importBackup(readBackup(file));
		expect(writes.filter((write) => write.stores.includes('matches'))).toEqual([
			{
				stores: ['changed', 'groups', 'logs', 'matches', 'players', 'totals'],
				durability: 'strict'
			}
		]);
	});
});

describe('persistent storage is asked for', () => {
	function stubStorage() {
		const storage = { granted: false, asked: 0 };
		vi.stubGlobal('navigator', {
			storage: {
				persisted: async () => storage.granted,
				persist: async () => {
					storage.asked++;
					storage.granted = true;
					return true;
				}
			}
		});
		return storage;
	}

	it('when a match is saved, and not again once granted', async () => {
		const storage = stubStorage();
		await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['A', 'B', 'C']
		});
		await vi.waitFor(() => expect(storage.asked).toBe(1));
		await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['A', 'B', 'C']
		});
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(storage.asked).toBe(1);
	});

	it('on import, even when already asked during this visit', async () => {
		const storage = stubStorage();
		await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['A', 'B', 'C']
		});
		const file = JSON.stringify(await exportAll('test'));
		storage.granted = false; // refused, or cleared since
		useDatabase(new PasspadDb(`durability-${crypto.randomUUID()}`));
		const before = storage.asked;
		await importBackup(readBackup(file));
		expect(storage.asked).toBe(before + 1);
	});
});
