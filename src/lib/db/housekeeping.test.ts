import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { BackupRefused, readBackup } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { historyCount, historyPage } from './history';
import { appendAction, loadLog } from './log';
import {
	abandonMatch,
	createMatch,
	matchesByStatus,
	removeMatch,
	restoreMatch,
	resumeMatch
} from './matches';
import { leaderboard, playerStats } from './stats';

let db: PasspadDb;
async function fresh() {
	db = new PasspadDb(`housekeeping-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
}
beforeEach(fresh);

const day = 86_400_000;
const idOf = async (name: string) => (await db.players.where('nameKey').equals(name).first())!.id;

/** An I'll Pass match of Léa, Sam and Noor saved action by action: `take` actions, or all. */
async function illPass(take?: number, at = day) {
	const { config, actions } = randomGame(seeded(3), 3);
	const game = RULES['ill-pass'];
	const match = await createMatch({ game: 'ill-pass', config, names: ['Léa', 'Sam', 'Noor'] }, at);
	let state = game.setup(config, 3);
	for (const [seq, action] of actions.slice(0, take).entries()) {
		const next = game.apply(state, action);
		if (!next.ok) throw new Error(next.refusal.code);
		state = next.value;
		await appendAction(match.id, seq, action, summarize(game, state));
	}
	// last played on the day asked (appendAction dates the row now)
	await db.matches.update(match.id, { updatedAt: at });
	return { id: match.id, config, actions };
}

describe('deleting a match', () => {
	it('removes its row and its whole log together, and Undo writes both back', async () => {
		const kept = await illPass(4);
		const gone = await illPass(6);
		const removed = await removeMatch(gone.id);
		expect(removed.match.id).toBe(gone.id);
		expect(removed.entries).toHaveLength(6);
		expect(await db.matches.get(gone.id)).toBeUndefined();
		expect(await db.logs.get(gone.id)).toBeUndefined();
		// the other match and its log are untouched
		expect((await loadLog(kept.id)).actions).toHaveLength(4);
		expect(await historyCount({})).toBe(1);
		expect((await playerStats(await idOf('léa'))).unfinished).toBe(1);

		await restoreMatch(removed);
		const back = await loadLog(gone.id);
		expect(back.match).toEqual(removed.match);
		expect(back.actions).toEqual(gone.actions.slice(0, 6));
		expect(await historyCount({})).toBe(2);
		expect((await playerStats(await idOf('léa'))).unfinished).toBe(2);
	});

	it('Undo never writes over a match that is back already', async () => {
		const match = await illPass(2);
		const removed = await removeMatch(match.id);
		await restoreMatch(removed);
		await expect(restoreMatch(removed)).rejects.toThrow();
		expect((await loadLog(match.id)).actions).toHaveLength(2);
	});

	it('a finished match deleted leaves the statistics and who wins what', async () => {
		const match = await illPass();
		const léa = await idOf('léa');
		expect((await playerStats(léa)).played).toBe(1);
		expect((await leaderboard())['ill-pass']).toHaveLength(3);
		await removeMatch(match.id);
		expect(await playerStats(léa)).toMatchObject({ played: 0, unfinished: 0, won: 0 });
		expect((await leaderboard())['ill-pass']).toEqual([]);
	});
});

describe('abandoning a match', () => {
	it('keeps it in history, out of the matches to continue and of every statistic', async () => {
		const playing = await illPass(3, 1 * day);
		const stopped = await illPass(5, 2 * day);
		const row = await abandonMatch(stopped.id, 5 * day);
		expect(row).toMatchObject({ status: 'abandoned', abandonedAt: 5 * day, updatedAt: 2 * day });

		expect((await matchesByStatus('active', 10)).map((match) => match.id)).toEqual([playing.id]);
		expect((await matchesByStatus('abandoned', 10)).map((match) => match.id)).toEqual([stopped.id]);
		// history keeps it where it was last played
		expect((await historyPage({}, 10)).map((match) => [match.id, match.status])).toEqual([
			[stopped.id, 'abandoned'],
			[playing.id, 'active']
		]);
		const stats = await playerStats(await idOf('sam'));
		expect(stats).toMatchObject({ played: 0, unfinished: 1, won: 0, abandoned: 1 });
		expect(stats.games[0]).toMatchObject({ played: 0, unfinished: 1, abandoned: 1 });
		// the log is kept whole
		expect((await loadLog(stopped.id)).actions).toHaveLength(5);
	});

	it('resumes: back in the list to continue, with nothing lost', async () => {
		const match = await illPass(5);
		await abandonMatch(match.id);
		const row = await resumeMatch(match.id);
		expect(row.status).toBe('active');
		expect(row).not.toHaveProperty('abandonedAt');
		expect(await matchesByStatus('active', 10)).toHaveLength(1);
		expect((await loadLog(match.id)).actions).toHaveLength(5);
	});

	it('an action entered on an abandoned match resumes it (nothing entered is lost)', async () => {
		const match = await illPass(5);
		await abandonMatch(match.id);
		const game = RULES['ill-pass'];
		let state = game.setup(match.config, 3);
		for (const action of match.actions.slice(0, 6)) {
			const next = game.apply(state, action);
			if (next.ok) state = next.value;
		}
		const row = await appendAction(match.id, 5, match.actions[5], summarize(game, state));
		expect(row.status).toBe('active');
		expect(row).not.toHaveProperty('abandonedAt');
	});

	it('only a match being played can be abandoned; only an abandoned one resumed', async () => {
		const done = await illPass();
		await expect(abandonMatch(done.id)).rejects.toThrow(/finished/);
		const playing = await illPass(2);
		await expect(resumeMatch(playing.id)).rejects.toThrow(/active/);
		await expect(abandonMatch('nobody')).rejects.toThrow();
		expect((await db.matches.get(done.id))?.status).toBe('finished');
	});
});

describe('backup keeps abandoned matches abandoned', () => {
	it('export then import on a new device: still abandoned, same date, same log', async () => {
		const match = await illPass(5, 2 * day);
		await illPass(2, 3 * day);
		await abandonMatch(match.id, 4 * day);
		const text = JSON.stringify(await exportAll('test'));

		await fresh();
		await importBackup(readBackup(text));
		const row = await db.matches.get(match.id);
		expect(row).toMatchObject({ status: 'abandoned', abandonedAt: 4 * day, updatedAt: 2 * day });
		expect(await matchesByStatus('active', 10)).toHaveLength(1);
		expect((await loadLog(match.id)).actions).toHaveLength(5);
		expect((await playerStats(await idOf('léa'))).abandoned).toBe(1);
	});

	it('refuses nonsense: an abandoned match the rules say is over, a date without the status, an unknown status', async () => {
		const done = await illPass(undefined, 2 * day);
		await illPass(3, 3 * day);
		const file = await exportAll('test');
		const path = (edit: (matches: Record<string, unknown>[]) => void) => {
			const copy = structuredClone(file) as unknown as { matches: Record<string, unknown>[] };
			edit(copy.matches);
			try {
				readBackup(JSON.stringify(copy));
			} catch (error) {
				if (error instanceof BackupRefused && error.problem.code === 'invalid')
					return error.problem.path;
				throw error;
			}
			return 'accepted';
		};
		const at = file.matches.findIndex((match) => match.id === done.id);
		const other = 1 - at;
		expect(path((matches) => (matches[at].status = 'abandoned'))).toBe(`matches.${at}.status`);
		expect(path((matches) => (matches[other].abandonedAt = 5 * day))).toBe(
			`matches.${other}.abandonedAt`
		);
		expect(path((matches) => (matches[other].status = 'given-up'))).toBe(`matches.${other}.status`);
		expect(
			path((matches) => {
				matches[other].status = 'abandoned';
				matches[other].abandonedAt = -1;
			})
		).toBe(`matches.${other}.abandonedAt`);
		// an abandoned match without its date (written by hand) is taken, dated when last played
		expect(path((matches) => (matches[other].status = 'abandoned'))).toBe('accepted');
	});
});
