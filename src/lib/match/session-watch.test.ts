import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as db from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import { summarize } from '$lib/db/summary';
import { MatchSession } from './session.svelte';
import type { GameUi } from '$lib/games/types';

// Count the reads of the whole log: the echo of a write must not need one.
vi.mock(import('$lib/db'), async (original) => {
	const module = await original();
	return { ...module, loadLog: vi.fn(module.loadLog), getMatch: vi.fn(module.getMatch) };
});
const loadLog = vi.mocked(db.loadLog);
const getMatch = vi.mocked(db.getMatch);

const ui = { game: illPass, describe: () => '' } as unknown as GameUi;

beforeEach(async () => {
	const passpad = new db.PasspadDb(`watch-${crypto.randomUUID()}`);
	db.useDatabase(passpad);
	await passpad.open();
});

async function watched() {
	const match = await db.createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Cleo']
	});
	const session = new MatchSession(ui, await db.loadLog(match.id));
	const stop = session.watch();
	await vi.waitFor(() => expect(getMatch).toHaveBeenCalled()); // the first look at the row
	loadLog.mockClear();
	getMatch.mockClear();
	return { session, stop };
}

describe('MatchSession.watch: the echo of a write reads the match row, not the log, so it stays quick in a long match', () => {
	it("this session's own write is not read back: the row's revision is the one it wrote", async () => {
		const { session, stop } = await watched();
		expect(await session.act({ type: 'reveal', card: 17 })).toBe(true);
		expect(await session.act({ type: 'pass' })).toBe(true);
		// the row was looked at after each write (liveQuery's echo), the log never read again
		await vi.waitFor(() => expect(getMatch).toHaveBeenCalledTimes(2));
		expect(loadLog).not.toHaveBeenCalled();
		expect((session.state as IllPassState).seat).toBe(1);
		stop();
	});

	it('another writer moves the revision on: the log is read and replayed', async () => {
		const { session, stop } = await watched();
		const id = session.match.id;
		const after = illPass.apply(session.state as IllPassState, { type: 'reveal', card: 17 });
		if (!after.ok) throw new Error('the reveal is legal');
		// a second tab appends through the same storage, without this session
		await db.appendAction(id, 0, { type: 'reveal', card: 17 }, summarize(illPass, after.value));
		await vi.waitFor(() => expect(session.actions).toEqual([{ type: 'reveal', card: 17 }]));
		expect(loadLog).toHaveBeenCalledTimes(1);
		expect((session.state as IllPassState).faceUp).toBe(17);
		stop();
	});
});
