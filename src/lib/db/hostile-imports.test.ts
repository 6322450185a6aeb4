import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { summarize } from './summary';
import { RULES } from '../rules/registry';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { BackupRefused, readBackup, type BackupFile } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { appendAction } from './log';
import { createMatch } from './matches';
import { HOSTILE_IDS } from './hostile-ids';

// The "bad imports" figure: every file below is a real export with one thing made
// wrong, and each must be refused, with the database unchanged. Prints "refused N of N".
// Run: npx vitest run src/lib/db/hostile-imports.test.ts

type Mutation = [name: string, change: (file: BackupFile & Record<string, unknown>) => unknown];

const times = [1e300, -1e20, 8.64e15 + 1, -1, 1.5, NaN, '2026-01-01', null];
const strings = ['', ' ', 'A'.repeat(31), 'A'.repeat(10_000), 7, null, ['Ana'], { name: 'Ana' }];

function mutations(): Mutation[] {
	const list: Mutation[] = [];
	const add = (name: string, change: Mutation[1]) => list.push([name, change]);
	// the envelope
	add('format', (file) => (file.format = 'passpad' as never));
	add('schema newer', (file) => (file.schema = 99));
	add('schema zero', (file) => (file.schema = 0));
	add('schema text', (file) => (file.schema = '2' as never));
	add('players missing', (file) => delete (file as Partial<BackupFile>).players);
	add('matches missing', (file) => delete (file as Partial<BackupFile>).matches);
	add('matches an object', (file) => (file.matches = {} as never));
	for (const time of times) add(`exportedAt ${time}`, (file) => (file.exportedAt = time as never));
	add('app huge', (file) => (file.app = 'x'.repeat(1_000)));
	// players
	for (const name of strings)
		add(
			`player name ${JSON.stringify(name)?.slice(0, 20)}`,
			(file) => (file.players[0].name = name as never)
		);
	for (const time of times)
		add(`player createdAt ${time}`, (file) => (file.players[0].createdAt = time as never));
	add('player id empty', (file) => (file.players[0].id = ''));
	add('player id twice', (file) => file.players.push({ ...file.players[0] }));
	add('player hidden text', (file) => (file.players[0].hidden = 'no' as never));
	// every match, every field
	for (const index of [0, 1]) {
		const match = (file: BackupFile) => file.matches[index] as unknown as Record<string, unknown>;
		for (const time of times) {
			add(`match ${index} createdAt ${time}`, (file) => (match(file).createdAt = time));
			add(`match ${index} updatedAt ${time}`, (file) => (match(file).updatedAt = time));
			add(
				`match ${index} log at ${time}`,
				(file) => (file.matches[index].log[0].at = time as never)
			);
		}
		for (const name of strings) {
			add(
				`match ${index} seat name ${JSON.stringify(name)?.slice(0, 20)}`,
				(file) => (file.matches[index].seats[0].name = name as never)
			);
		}
		add(`match ${index} id twice`, (file) => (file.matches[1 - index].id = file.matches[index].id));
		add(`match ${index} game unknown`, (file) => (match(file).game = 'chess'));
		add(`match ${index} status`, (file) => (match(file).status = 'won'));
		add(`match ${index} revision negative`, (file) => (match(file).revision = -1));
		add(
			`match ${index} one seat`,
			(file) => (file.matches[index].seats = file.matches[index].seats.slice(0, 1))
		);
		add(`match ${index} seven seats`, (file) => {
			const seats = file.matches[index].seats;
			file.matches[index].seats = [...seats, ...seats, ...seats].slice(0, 7);
		});
		add(
			`match ${index} seat of nobody`,
			(file) => (file.matches[index].seats[0].playerId = 'nobody')
		);
		add(`match ${index} seat name of another`, (file) => {
			const seats = file.matches[index].seats;
			seats[0] = { ...seats[0], name: seats[1].name };
		});
		add(`match ${index} same player twice`, (file) => {
			const seats = file.matches[index].seats;
			seats[1] = { ...seats[0] };
		});
		add(`match ${index} config`, (file) => (match(file).config = { start: 99 }));
		add(`match ${index} config missing`, (file) => delete match(file).config);
		add(`match ${index} log not a list`, (file) => (match(file).log = 'reveal 3'));
		add(
			`match ${index} action unknown`,
			(file) => (file.matches[index].log[1].action = { type: 'cheat' })
		);
		add(`match ${index} action null`, (file) => (file.matches[index].log[1].action = null));
		add(`match ${index} action duplicated`, (file) => {
			const log = file.matches[index].log;
			log.splice(1, 0, log[0]);
		});
		add(`match ${index} action after the end`, (file) => {
			const log = file.matches[index].log;
			log.push(log[0]);
		});
		add(
			`match ${index} redo illegal`,
			(file) => (file.matches[index].redo = [{ type: 'reveal', card: 99 }])
		);
		add(`match ${index} redo not a list`, (file) => (match(file).redo = {}));
		add(`match ${index} result forged shape`, (file) => (match(file).result = { winners: 'all' }));
		// ids not in the form Passpad makes (ids.ts), everything else consistent
		for (const id of HOSTILE_IDS) {
			add(`match ${index} id ${JSON.stringify(id)}`, (file) => (file.matches[index].id = id));
		}
		// nested deeper than any match (limits.ts): 20,000 levels
		add(`match ${index} config too deep`, (file) => (match(file).config = nested(20_000)));
		add(
			`match ${index} action too deep`,
			(file) => (file.matches[index].log[1].action = { type: 'pass', x: nested(20_000) })
		);
		add(`match ${index} redo too deep`, (file) => (match(file).redo = [nested(20_000)]));
	}
	// a player's id, changed on the roster and on every seat alike
	for (const id of HOSTILE_IDS) {
		add(`player id ${JSON.stringify(id)}`, (file) => {
			const old = file.players[0].id;
			file.players[0].id = id;
			for (const match of file.matches)
				for (const seat of match.seats) if (seat.playerId === old) seat.playerId = id;
		});
	}
	return list;
}

/**
 * Stands for an array 20,000 levels deep ([[[…]]]) until the file is text: JSON.stringify
 * itself overflows on one, so the text is put in after (text()).
 */
const DEEP = '<20,000 levels>';
const nested = (_levels: 20_000) => DEEP;
const text = (file: unknown) =>
	JSON.stringify(file).replaceAll(JSON.stringify(DEEP), '['.repeat(20_000) + ']'.repeat(20_000));

let valid = '';
beforeAll(async () => {
	useDatabase(new PasspadDb(`hostile-${crypto.randomUUID()}`));
	for (const seed of [1, 2]) {
		const game = randomGame(seeded(seed), 3);
		const match = await createMatch({
			game: 'ill-pass',
			config: game.config,
			names: seed === 1 ? ['Ana', 'Ben', 'Cleo'] : ['Ana', 'Dee', 'Eli']
		});
		let state = RULES['ill-pass'].setup(game.config, 3);
		for (const [seq, action] of game.actions.entries()) {
			const result = RULES['ill-pass'].apply(state, action);
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
			await appendAction(match.id, seq, action, summarize(RULES['ill-pass'], state));
		}
	}
	valid = JSON.stringify(await exportAll('test', 0));
});

describe('hostile imports: every bad file refused, the database unchanged', () => {
	it("the untouched export is accepted (so a refusal below is the mutation's doing)", () => {
		expect(readBackup(valid).matches).toHaveLength(2);
	});

	it('refuses every mutated file and changes nothing', async () => {
		const list = mutations();
		const before = JSON.stringify(await exportAll('test', 0));
		const accepted: string[] = [];
		let refused = 0;
		for (const [name, change] of list) {
			const file = JSON.parse(valid);
			// new match ids: a file wrongly accepted would add its matches, not be skipped as known
			for (const match of file.matches) match.id = crypto.randomUUID();
			change(file);
			try {
				await importBackup(readBackup(text(file)));
				accepted.push(name);
			} catch (error) {
				if (!(error instanceof BackupRefused)) throw error;
				refused++;
			}
		}
		const after = JSON.stringify(await exportAll('test', 0));
		console.log(
			`hostile imports: refused ${refused} of ${list.length}, database unchanged: ${after === before}`
		);
		expect(accepted).toEqual([]);
		expect(after).toBe(before);
		expect(refused).toBe(list.length);
	});
});
