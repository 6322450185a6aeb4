import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { game as passPassGame, simulate } from '../rules/pass-pass/simulate';
import {
	BackupRefused,
	ImportInterrupted,
	MAX_BACKUP_BYTES,
	exportAll,
	importBackup,
	readBackup,
	readBackupInSteps,
	type BackupProblem
} from './backup';
import { PasspadDb, useDatabase } from './db';
import { appendAction } from './log';
import { createMatch, setNotes, setTimePlayed } from './matches';
import { summarize } from '../match/summary';
import { RULES } from '../rules/registry';
import type { GameId } from '../rules/common';

let db: PasspadDb;
async function fresh() {
	db = new PasspadDb(`backup-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
}
beforeEach(fresh);

/** Saves a match the way the app does: one action at a time, each with its summary. */
async function saved(game: GameId, names: string[], config: unknown, actions: readonly unknown[]) {
	const match = await createMatch({ game, config, names });
	let state = RULES[game].setup(config, names.length);
	for (const [seq, action] of actions.entries()) {
		const result = RULES[game].apply(state, action);
		if (!result.ok) throw new Error(`${game}: ${result.refusal.code} at ${seq}`);
		state = result.value;
		await appendAction(match.id, seq, action, summarize(RULES[game], state));
	}
	return match.id;
}

async function everyGame() {
	const illPass = randomGame(seeded(5), 3);
	await saved('ill-pass', ['Léa', 'Sam', 'Noor'], illPass.config, illPass.actions);
	const [input] = fc.sample(passPassGame, { numRuns: 1, seed: 9 });
	const passPass = simulate({ ...input, players: 4 });
	await saved('pass-pass', ['Léa', 'Sam', 'Noor', 'Ana'], passPass.config, passPass.actions);
	await saved('dominoes', ['Léa', 'Sam', 'Noor', 'Ana'], { houseRuleWinnerStarts: false }, [
		{ type: 'start', seat: 2 },
		{ type: 'play', tile: [6, 6] },
		{ type: 'play', tile: [6, 1], end: 'right' }
	]);
	await saved('climbing', ['Léa', 'Sam'], { mode: 'advanced', tokens: 40 }, [
		{ type: 'start', seat: 1 },
		{ type: 'play', seat: 1, values: ['7', '7'], cards: 1, upgrade: false, augment: 0 },
		{ type: 'pass', seat: 0 }
	]);
}

const refusal = (text: string): BackupProblem => {
	try {
		readBackup(text);
	} catch (error) {
		if (error instanceof BackupRefused) return error.problem;
		throw error;
	}
	throw new Error('the file was accepted');
};

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
		expect(report).toEqual({ players: 4, matches: 4, skipped: 0 });
		const after = await exportAll('test', before.exportedAt);
		const byId = <T extends { id: string }>(rows: T[]) =>
			[...rows].sort((a, b) => a.id.localeCompare(b.id));
		expect(byId(after.matches)).toEqual(byId(before.matches));
		expect(byId(after.players)).toEqual(byId(before.players));
	});

	it('merges: a match already here is kept, a player with the same name is the same player', async () => {
		await everyGame();
		const file = JSON.stringify(await exportAll('test'));
		expect(await importBackup(readBackup(file))).toEqual({ players: 0, matches: 0, skipped: 4 });
		expect(await db.matches.count()).toBe(4);
	});
});

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

describe('backup: every field of an import gets its real range', () => {
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
		expect(await refusedAt((file) => (file.matches[0].seats[0].playerId = 'nobody'))).toMatchObject(
			{ path: 'matches.0.seats.0.playerId' }
		);
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

	it('a player id known here under another name is not that player: the seats count for whom they name', async () => {
		await everyGame();
		const file = await exportAll('test');
		const lea = file.players.find((player) => player.name === 'Léa')!;
		await fresh(); // another phone, where that id is Zed's
		await db.players.add({
			id: lea.id,
			name: 'Zed',
			nameKey: 'zed',
			hidden: false,
			createdAt: 0,
			colour: null
		});
		await importBackup(readBackup(JSON.stringify(file)));
		expect((await db.players.get(lea.id))!.name).toBe('Zed');
		for (const match of await db.matches.toArray()) {
			for (const seat of match.seats) {
				expect((await db.players.get(seat.playerId))!.name).toBe(seat.name);
			}
			expect(match.playerIds).not.toContain(lea.id);
		}
	});
});

describe('backup: a large file, in steps', () => {
	/** A backup of `count` short I'll Pass matches among three players. */
	function large(count: number) {
		const players = ['Ana', 'Ben', 'Cleo'].map((name, k) => ({
			id: `p${k}`,
			name,
			nameKey: name.toLowerCase(),
			hidden: false,
			createdAt: 0
		}));
		return {
			format: 'passpad-backup',
			schema: 2,
			app: 'test',
			exportedAt: 0,
			players,
			matches: Array.from({ length: count }, (_, i) => ({
				id: `m${i}`,
				game: 'ill-pass',
				config: { start: i % 3, takerReveals: false },
				seats: players.map((player) => ({ playerId: player.id, name: player.name })),
				status: 'active',
				createdAt: i,
				updatedAt: i,
				redo: [],
				result: null,
				log: [
					{ action: { type: 'reveal', card: 3 + (i % 30) }, at: i },
					{ action: { type: 'pass' }, at: i }
				]
			}))
		};
	}

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
			problem: { code: 'bad-action', match: 'm250', index: 1 }
		});
	});

	it('saves in parts, with progress, every match whole with its log', async () => {
		const seen: string[] = [];
		const report = await importBackup(readBackup(JSON.stringify(large(600))), (step) =>
			seen.push(`${step.phase} ${step.done}/${step.total}`)
		);
		expect(report).toEqual({ players: 3, matches: 600, skipped: 0 });
		expect(seen).toEqual(['saving 250/600', 'saving 500/600', 'saving 600/600']);
		expect(await db.actions.count()).toBe(1_200);
	});

	it('stopped part way, it keeps whole matches and says so; the same file again adds the rest', async () => {
		const file = readBackup(JSON.stringify(large(600)));
		const original = db.actions.bulkAdd.bind(db.actions);
		let calls = 0;
		db.actions.bulkAdd = ((...args: Parameters<typeof original>) => {
			if (++calls === 2) throw new DOMException('The disk is full.', 'QuotaExceededError');
			return original(...args);
		}) as typeof original;
		const stopped = await importBackup(file).catch((error) => error);
		expect(stopped).toBeInstanceOf(ImportInterrupted);
		expect(stopped.report).toEqual({ players: 3, matches: 250, skipped: 0 });
		expect(await db.matches.count()).toBe(250);
		expect(await db.actions.count()).toBe(500);
		db.actions.bulkAdd = original;
		expect(await importBackup(file)).toEqual({ players: 0, matches: 350, skipped: 250 });
		expect(await db.actions.count()).toBe(1_200);
	});

	it('a file past the limit is refused, naming its size', () => {
		expect(refusal(' '.repeat(MAX_BACKUP_BYTES + 1))).toEqual({
			code: 'too-large',
			bytes: MAX_BACKUP_BYTES + 1
		});
	});
});

describe('backup: the v4 fields', () => {
	it("a match's note and time played set by hand go through export and import unchanged", async () => {
		await everyGame();
		const [one, two] = await db.matches.toArray();
		await setNotes(one.id, 'At the café.\nSam arrived late');
		await setTimePlayed(two.id, 95 * 60_000);
		const file = JSON.stringify(await exportAll('test'));
		await fresh();
		await importBackup(readBackup(file));
		expect(await db.matches.get(one.id)).toMatchObject({
			notes: 'At the café.\nSam arrived late',
			playedByHand: false
		});
		expect(await db.matches.get(two.id)).toMatchObject({
			notes: '',
			playedMs: 95 * 60_000,
			playedByHand: true
		});
	});

	it('an older backup (no revision, results without direction or feats) is imported with them filled in, and counted in who wins what', async () => {
		await everyGame();
		const file = await exportAll('test');
		const rows = await db.matches.toArray();
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
			const imported = (await db.matches.get(row.id))!;
			expect(imported.revision).toBe(0);
			expect(imported.result).toEqual(row.result);
			expect(imported.result!.feats.length).toBeGreaterThan(0);
		}
		const totals = await db.totals.toArray();
		expect(totals.reduce((sum, total) => sum + total.played, 0)).toBe(
			finished.reduce((sum, row) => sum + row.playerIds.length, 0)
		);
	});
});
