/**
 * What the backup tests share: a fresh device (database) for each test, matches saved the way
 * the app saves them, one of every game, a large file, and the refusal a text gets. Not a test.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { game as passPassGame, simulate } from '../rules/pass-pass/simulate';
import { BackupRefused, readBackup, type BackupProblem } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { appendAction } from './log';
import { createMatch } from './matches';
import { summarize } from './summary';
import { RULES } from '../rules/registry';
import type { GameId } from '../rules/common';

let db: PasspadDb;
/** The device in use. */
export const device = () => db;
/** Another device: a new, empty database. */
export async function fresh() {
	db = new PasspadDb(`backup-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
}
/** Each test of the file that calls it starts on a new device. */
export const freshEachTest = () => beforeEach(fresh);

/** Saves a match the way the app does: one action at a time, each with its summary. */
export async function saved(
	game: GameId,
	names: string[],
	config: unknown,
	actions: readonly unknown[]
) {
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

export async function everyGame() {
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

export const refusal = (text: string): BackupProblem => {
	try {
		readBackup(text);
	} catch (error) {
		if (error instanceof BackupRefused) return error.problem;
		throw error;
	}
	throw new Error('the file was accepted');
};

/** The n-th id of a made-up file, in the form Passpad makes (ids.ts). */
export const madeUpId = (n: number) =>
	`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A backup of `count` short I'll Pass matches among three players. */
export function large(count: number) {
	const players = ['Ana', 'Ben', 'Cleo'].map((name, k) => ({
		id: madeUpId(1_000_000 + k),
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
			id: madeUpId(i),
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
