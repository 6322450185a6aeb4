/**
 * What the group's live tests share (docs/group.md, "What is written where on the phone"): a
 * real nats-server, phones each with their own IndexedDB and group sync, and a match of the
 * group played live on them, entry by entry as the live table writes it (db/log.ts).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch } from '$lib/db/matches';
// a test's phone writes each entry as the live table does (db/log.ts), below the store: the
// restriction is for the app's code, which these tests' files (*.test.ts) are exempt from
// eslint-disable-next-line no-restricted-imports
import { appendAction } from '$lib/db/log';
import { readEntries } from '$lib/db/entries';
import { handedMatch, planTakeOver, takeOver } from '$lib/db/handover';
import { saveLive, savePen } from '$lib/live/saved';
import { GroupSync } from './sync';

/** The nats-server of the file that calls useLiveServer (each file starts its own). */
export let server: TestLive;
export const engines: GroupSync[] = [];

/** Starts a real nats-server with its provisioning before the file's tests, stops it after. */
export function useLiveServer(): void {
	beforeAll(async () => {
		server = await startTestLive();
	});
	afterAll(async () => {
		await Promise.all(engines.splice(0).map((sync) => sync.stop()));
		await server?.stop();
	});
}

export interface Phone {
	name: string;
	db: PasspadDb;
	sync: GroupSync;
	nc: NatsConnection;
	as<T>(work: () => Promise<T>): Promise<T>;
}

/** A table's links, as the app keeps them (their credentials are never used here). */
export const linkOf = (id: string, r: 'w' | 'r') => ({
	t: 'tablelive1',
	m: id,
	u: `table-${r}`,
	p: 'secret-secret-secret',
	r
});

/** "Play live" on this phone: it started the table and holds the pen (slot.svelte.ts). */
export const startLive = (phone: Phone, id: string) =>
	saveLive(id, { link: linkOf(id, 'w'), readers: linkOf(id, 'r'), name: phone.name }, phone.db);
/** The table's pen entry read on this phone (table.svelte.ts): whether the pen is its. */
export const penTo = (phone: Phone, id: string, mine: boolean) => savePen(id, mine, phone.db);
/** "Stop playing live" on this phone (slot.svelte.ts). */
export const stopLive = (phone: Phone, id: string) => saveLive(id, null, phone.db);

export async function phoneOf(
	name: string,
	group: string,
	credential: { user: string; pass: string },
	reopened?: PasspadDb
) {
	const db = reopened ?? new PasspadDb(`phone-${name}-${crypto.randomUUID()}`);
	if (!reopened) await open(db, group, credential);
	const nc = await server.phone(credential);
	const sync = new GroupSync({
		nc,
		db,
		group,
		phone: `phone-${name}-0001`
	});
	engines.push(sync);
	sync.start();
	await sync.caughtUp();
	const as = <T>(work: () => Promise<T>) => {
		useDatabase(db);
		return work();
	};
	return { name, db, sync, nc, as } satisfies Phone;
}

export async function open(
	db: PasspadDb,
	group: string,
	credential: { user: string; pass: string }
) {
	await db.open();
	await db.groups.add({
		id: group,
		name: 'Jeudi',
		server: '',
		user: credential.user,
		pass: credential.pass,
		role: 'member',
		left: false,
		joinedAt: 1
	});
}

export async function until(check: () => Promise<boolean>, ms = 15_000) {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (await check()) return;
		await new Promise((done) => setTimeout(done, 50));
	}
	throw new Error('not reached in time');
}

export const logOf = async (phone: Phone, id: string) =>
	(await readEntries(phone.db, id)).map((entry) => entry.action);

/** Ana's match of the group and the game to play in it, action by action on any phone. */
export async function liveMatch(
	ana: Phone,
	group: string,
	seed: number,
	names = ['Ana', 'Ben', 'Chloé']
) {
	const game = randomGame(seeded(seed), names.length);
	const match = await ana.as(() =>
		createMatch({ game: 'ill-pass', config: game.config, names, group })
	);
	const rules = RULES['ill-pass'];
	const states = [rules.setup(game.config, names.length)];
	for (const action of game.actions) {
		const result = rules.apply(states.at(-1)!, action);
		if (!result.ok) throw new Error(result.refusal.code);
		states.push(result.value);
	}
	/** the action at `seq` written on the phone, as its store (or the live table's receive) does */
	const enter = (phone: Phone, seq: number) =>
		phone.as(() =>
			appendAction(match.id, seq, game.actions[seq], summarize(rules, states[seq + 1]))
		);
	/** another action than the match's own at `seq`, entered on the phone (its copy parts) */
	const enterOther = (phone: Phone, seq: number) => {
		const own = JSON.stringify(game.actions[seq]);
		const others = [
			{ type: 'take' },
			{ type: 'pass' },
			...Array.from({ length: 33 }, (_, at) => ({ type: 'reveal', card: at + 3 }))
		];
		for (const action of others) {
			const result = rules.apply(states[seq], action as never);
			if (!result.ok || JSON.stringify(action) === own) continue;
			return phone.as(() => appendAction(match.id, seq, action, summarize(rules, result.value)));
		}
		throw new Error('no other action');
	};
	return { id: match.id, length: game.actions.length, enter, enterOther };
}

/** Ben opens the followers' link: the match taken like a hand-over (same id, in no group). */
export async function follow(ana: Phone, ben: Phone, id: string) {
	await saveLive(id, { link: linkOf(id, 'w'), name: ben.name }, ben.db);
	await penTo(ben, id, false);
	const handed = await ana.as(() => handedMatch(id));
	return ben.as(async () =>
		takeOver(await planTakeOver({ ...handed, notes: '', playedMs: 0, playedByHand: false }))
	);
}

/** Ana's live match of the group, Ben following from entry `followAt`, played to `upTo` (its end). */
export async function playLive(
	ana: Phone,
	ben: Phone,
	group: string,
	seed: number,
	followAt: number,
	upTo = (length: number) => length
) {
	const match = await liveMatch(ana, group, seed);
	await startLive(ana, match.id);
	for (let seq = 0; seq < followAt; seq++) await match.enter(ana, seq);
	if (followAt > 0) {
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(match.id))?.length === followAt);
	}
	await follow(ana, ben, match.id);
	// the follower's copy: the hand-over's, in no group; or the group's, the same log ('same')
	expect((await ben.db.matches.get(match.id))?.group).toBe(followAt > 0 ? group : null);
	// each entry reaches Ben's copy through the table; Ana's group sync sends on each change
	for (let seq = followAt; seq < upTo(match.length); seq++) {
		await match.enter(ana, seq);
		await match.enter(ben, seq);
		if (seq % 3 === 0) await Promise.all([ana.sync.flush(), ben.sync.flush()]);
	}
	await Promise.all([ana.sync.flush(), ben.sync.flush()]);
	return match;
}

export async function settled(ana: Phone, ben: Phone, id: string) {
	await until(async () => {
		const [mine, theirs] = await Promise.all([ana.db.matches.get(id), ben.db.matches.get(id)]);
		return (
			mine?.status === 'finished' &&
			theirs?.status === 'finished' &&
			theirs.group === mine.group &&
			(await ana.db.outbox.count()) === 0 &&
			(await ben.db.outbox.count()) === 0
		);
	}).catch(() => {});
	await Promise.all([ana.sync.flush(), ben.sync.flush()]);
}
