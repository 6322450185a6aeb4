import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { exportAll } from './backup-export';
import { MAX_BACKUP_BYTES, MAX_MATCH_DEPTH } from '$lib/wire/limits';
import { HOSTILE_IDS } from './hostile-ids';
import { deeperThan } from './depth';
import { readBackup, readBackupInSteps, type BackupProblem } from './backup-validate';
import { everyGame, freshEachTest, large, madeUpId, refusal } from './backup-fixtures';

freshEachTest();

describe('backup: a bad file is refused, named, and changes nothing', () => {
	async function unchanged(text: string, code: BackupProblem['code']) {
		await everyGame();
		const before = JSON.stringify(await exportAll('test', 0));
		expect(refusal(text).code).toBe(code);
		expect(JSON.stringify(await exportAll('test', 0))).toBe(before);
	}

	it('not JSON', () => unchanged('this is not json {', 'not-json'));
	it('JSON that is not ours', () => unchanged('{"hello": "world"}', 'not-ours'));
	it('too large', () => unchanged(' '.repeat(50 * 1024 * 1024 + 1), 'too-large'));
	it('a newer schema', () =>
		unchanged(JSON.stringify({ format: 'passpad-backup', schema: 99 }), 'newer-schema'));
	it('the wrong shape, with where', async () => {
		await everyGame();
		const file = await exportAll('test');
		(file.matches[0] as { seats: unknown }).seats = 'nobody';
		const problem = refusal(JSON.stringify(file));
		expect(problem).toEqual({ code: 'invalid', path: 'matches.0.seats' });
	});

	it('one bad action names its match, its place in the log and why', async () => {
		await everyGame();
		const file = await exportAll('test');
		const match = file.matches.find((row) => row.game === 'ill-pass')!;
		match.log[3] = { action: { type: 'reveal', card: 99 }, at: 0 };
		const before = JSON.stringify(await exportAll('test', 0));
		expect(refusal(JSON.stringify(file))).toEqual({
			code: 'bad-action',
			match: match.id,
			game: 'ill-pass',
			index: 3,
			refusal: expect.objectContaining({ code: expect.any(String) }),
			names: match.seats.map((seat) => seat.name)
		});
		expect(JSON.stringify(await exportAll('test', 0))).toBe(before);
	});

	it('a result in the file is not trusted: it is derived again from the log', async () => {
		await everyGame();
		const file = await exportAll('test');
		const match = file.matches.find((row) => row.game === 'dominoes')!;
		match.status = 'finished';
		match.result = {
			winners: [0],
			shared: false,
			reason: 'made-up',
			sides: [],
			totals: [],
			lowerWins: false,
			feats: []
		};
		const read = readBackup(JSON.stringify(file));
		const dominoes = read.matches.find((row) => row.id === match.id)!;
		expect(dominoes.status).toBe('active');
		expect(dominoes.result).toBeNull();
	});
});

describe('backup proof: every field of an import gets its real range', () => {
	type Edit = (file: Awaited<ReturnType<typeof exportAll>>) => void;
	async function refusedAt(edit: Edit) {
		await everyGame();
		const file = await exportAll('test');
		edit(file);
		return refusal(JSON.stringify(file));
	}

	it.each([1e300, -1e20, 8.64e15 + 1, 1.5])(
		'a time a date cannot hold (%d) is refused, in every time field',
		async (time) => {
			expect(await refusedAt((file) => (file.matches[0].updatedAt = time))).toEqual({
				code: 'invalid',
				path: 'matches.0.updatedAt'
			});
			expect(await refusedAt((file) => (file.matches[1].createdAt = time))).toMatchObject({
				path: 'matches.1.createdAt'
			});
			expect(await refusedAt((file) => (file.matches[0].log[0].at = time))).toMatchObject({
				path: 'matches.0.log.0.at'
			});
			expect(await refusedAt((file) => (file.players[0].createdAt = time))).toMatchObject({
				path: 'players.0.createdAt'
			});
			expect(await refusedAt((file) => (file.exportedAt = time))).toMatchObject({
				path: 'exportedAt'
			});
		}
	);

	it('a name longer than the new-match form takes is refused, on a seat and in the roster', async () => {
		const long = 'A'.repeat(10_000);
		expect(await refusedAt((file) => (file.matches[0].seats[0].name = long))).toEqual({
			code: 'invalid',
			path: 'matches.0.seats.0.name'
		});
		expect(await refusedAt((file) => (file.players[0].name = long))).toMatchObject({
			path: 'players.0.name'
		});
		expect(await refusedAt((file) => (file.players[0].name = '  Léa '))).toMatchObject({
			path: 'players.0.name'
		});
	});

	it("a seat whose name is not its player's, or whose player is not in the file, is refused", async () => {
		const other = (file: Awaited<ReturnType<typeof exportAll>>, name: string) =>
			file.players.find((player) => player.name === name)!;
		expect(
			await refusedAt((file) => {
				const seat = file.matches[0].seats[0];
				seat.playerId = other(file, seat.name === 'Noor' ? 'Sam' : 'Noor').id;
			})
		).toMatchObject({ code: 'invalid', path: expect.stringMatching(/^matches\.0\.seats\.\d/) });
		expect(await refusedAt((file) => (file.matches[0].seats[0].playerId = madeUpId(999)))).toEqual({
			code: 'invalid',
			path: 'matches.0.seats.0.playerId'
		});
		expect(await refusedAt((file) => file.players.push({ ...file.players[0] }))).toMatchObject({
			path: `players.4.id`
		});
	});

	it('an illegal redo stack is refused like an illegal log', async () => {
		const problem = await refusedAt((file) => {
			const match = file.matches.find((row) => row.game === 'ill-pass')!;
			match.redo = [{ type: 'reveal', card: 99 }];
		});
		expect(problem).toMatchObject({ code: 'bad-action', game: 'ill-pass' });
	});

	it('a legal redo stack is kept', async () => {
		await everyGame();
		const file = await exportAll('test');
		const match = file.matches.find((row) => row.game === 'dominoes')!;
		match.redo = [match.log.pop()!.action];
		const read = readBackup(JSON.stringify(file));
		expect(read.matches.find((row) => row.id === match.id)!.redo).toHaveLength(1);
	});
});

describe('backup proof: a large file, in steps', () => {
	it('checks a match at a time and says how far it has gone; the same proof as at once', async () => {
		const text = JSON.stringify(large(1_000));
		const seen: string[] = [];
		const read = await readBackupInSteps(text, (step) =>
			seen.push(`${step.phase} ${step.done}/${step.total}`)
		);
		expect(seen).toHaveLength(11);
		expect(seen.slice(0, 2)).toEqual(['checking 100/1000', 'checking 200/1000']);
		expect(seen.at(-1)).toBe('checking 1000/1000');
		expect(read).toEqual(readBackup(text));
	});

	it('refuses in steps what it refuses at once', async () => {
		const file = large(300);
		file.matches[250].log[1] = { action: { type: 'reveal', card: 99 } as never, at: 0 };
		await expect(readBackupInSteps(JSON.stringify(file))).rejects.toMatchObject({
			problem: { code: 'bad-action', match: madeUpId(250), index: 1 }
		});
	});

	it('a file past the limit is refused, naming its size', () => {
		expect(refusal(' '.repeat(MAX_BACKUP_BYTES + 1))).toEqual({
			code: 'too-large',
			bytes: MAX_BACKUP_BYTES + 1
		});
	});
});

describe('backup proof: ids from outside, and depth', () => {
	async function refusedWith(edit: (file: Awaited<ReturnType<typeof exportAll>>) => void) {
		await everyGame();
		const before = JSON.stringify(await exportAll('test', 0));
		const file = await exportAll('test');
		edit(file);
		const problem = refusal(JSON.stringify(file));
		expect(JSON.stringify(await exportAll('test', 0))).toBe(before);
		return problem;
	}

	it.each(HOSTILE_IDS)('a match id %j is refused as an id Passpad never makes', async (id) => {
		expect(await refusedWith((file) => (file.matches[1].id = id))).toEqual({
			code: 'bad-id',
			path: 'matches.1.id'
		});
	});

	it.each(HOSTILE_IDS)(
		'a player id %j, the same on the roster and the seats, is refused',
		async (id) => {
			expect(
				await refusedWith((file) => {
					const old = file.players[2].id;
					file.players[2].id = id;
					for (const match of file.matches)
						for (const seat of match.seats) if (seat.playerId === old) seat.playerId = id;
				})
			).toEqual({ code: 'bad-id', path: 'players.2.id' });
		}
	);

	it('a seat whose player id alone is not in the form is refused at the seat', async () => {
		expect(await refusedWith((file) => (file.matches[0].seats[1].playerId = '../x/y'))).toEqual({
			code: 'bad-id',
			path: 'matches.0.seats.1.playerId'
		});
	});

	/** The file's text with `field` of its first match 20,000 levels deep ([[[…]]]). */
	async function deepText(place: 'config' | 'action' | 'redo') {
		await everyGame();
		const file = await exportAll('test');
		const match = file.matches[0] as unknown as Record<string, unknown>;
		const mark = 'DEEP';
		if (place === 'config') match.config = mark;
		if (place === 'action') file.matches[0].log[2].action = { type: 'pass', seat: mark };
		if (place === 'redo') match.redo = [mark];
		return JSON.stringify(file).replace('"DEEP"', '['.repeat(20_000) + ']'.repeat(20_000));
	}

	it('a setup, an action or a redo nested 20,000 levels deep is refused, naming where', async () => {
		expect(refusal(await deepText('config'))).toEqual({
			code: 'too-deep',
			path: 'matches.0.config'
		});
		expect(refusal(await deepText('action'))).toEqual({
			code: 'too-deep',
			path: 'matches.0.log.2.action'
		});
		expect(refusal(await deepText('redo'))).toEqual({ code: 'too-deep', path: 'matches.0.redo.0' });
	});

	it('the deepest match each game makes is well inside the limit', async () => {
		await everyGame();
		const file = await exportAll('test');
		for (const match of file.matches) expect(deeperThan(match, MAX_MATCH_DEPTH / 3)).toBeNull();
	});
});
