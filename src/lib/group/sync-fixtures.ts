/**
 * A group's record for real (docs/group.md), the scene of the sync's tests: nats-server started
 * on free loopback ports with the server's own provisioning (each group made with the host's
 * request, each phone invited, with a member's credential and permissions), each phone its own
 * IndexedDB (fake-indexeddb) and its own GroupSync over a node connection.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch } from '$lib/db/matches';
// a test's scene plays a match as the app's store saves it (one action a transaction)
// eslint-disable-next-line no-restricted-imports
import { appendAction } from '$lib/db/log';
import { entriesOfRow } from '$lib/db/log-row';
import { newId } from '$lib/wire/ids';
import { GroupSync } from './sync';
import { writeVersion } from './record';
import { illPassVersion, playerVersion } from './fixtures';
import { recordSubject } from '$lib/wire/names.js';

export interface Phone {
	name: string;
	db: PasspadDb;
	sync: GroupSync;
	nc: NatsConnection;
	/** runs db functions (which use the app's one database) on this phone */
	as<T>(work: () => Promise<T>): Promise<T>;
}

/** The scene, its server started before the file's tests and stopped after them. */
export function groupScene() {
	let server: TestLive;
	const engines: GroupSync[] = [];

	beforeAll(async () => {
		server = await startTestLive();
	});

	afterAll(async () => {
		await Promise.all(engines.map((sync) => sync.stop()));
		await server?.stop();
	});

	/** A member's credential for each phone, by the phone's name. */
	const credentials = new Map<string, { user: string; pass: string }>();

	/** A new group, made as the host's link makes it; each phone of a test is then invited. */
	async function newGroup(): Promise<string> {
		const made = await server.live.createGroup('Jeudi', 'ana');
		credentials.clear();
		credentials.set(`${made.group}:first`, made.member);
		return made.group;
	}

	/** A new group whose member Mallory's phone has written three players (group/fixtures.ts). */
	async function clubOfThree() {
		const group = await newGroup();
		const js = jetstream(await server.phone(await credentialOf(group, 'mallory')));
		const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
		const by = 'phone-mallory-01';
		for (const [at, seat] of seats.entries()) {
			await js.publish(
				`passpad.g.${group}.player.${seat.player}`,
				writeVersion(playerVersion(by, seat, at))
			);
		}
		return { group, js, seats, by };
	}

	/**
	 * A club of three with `count` finished matches on the server (seeds 1 to `count`), and a
	 * joining phone's database, empty but for the group's row (where `readTo` is kept).
	 */
	async function clubToJoin(count: number) {
		const club = await clubOfThree();
		const { group, js, seats, by } = club;
		for (let seed = 1; seed <= count; seed++) {
			const id = newId();
			await js.publish(
				recordSubject(group, id),
				writeVersion(illPassVersion(by, id, seats, { seed, at: seed, span: 1 }))
			);
		}
		const db = new PasspadDb(`phone-dan-${crypto.randomUUID()}`);
		await db.open();
		await db.groups.add({
			id: group,
			name: 'Jeudi',
			server: '',
			user: 'm-dan',
			pass: 'x'.repeat(24),
			role: 'member',
			left: false,
			joinedAt: 1
		});
		return { ...club, db };
	}

	async function credentialOf(group: string, name: string) {
		const key = `${group}:${name}`;
		if (!credentials.has(key)) {
			const first = credentials.get(`${group}:first`);
			credentials.delete(`${group}:first`);
			credentials.set(key, first ?? (await server.live.invite(group, name)).member);
		}
		return credentials.get(key)!;
	}

	async function online(phone: Omit<Phone, 'sync' | 'nc'>, group: string): Promise<Phone> {
		const nc = await server.phone(await credentialOf(group, phone.name));
		const sync = new GroupSync({ nc, db: phone.db, group, phone: `phone-${phone.name}-0001` });
		engines.push(sync);
		sync.start();
		await sync.caughtUp();
		return { ...phone, nc, sync };
	}

	async function newPhone(name: string, group: string): Promise<Phone> {
		const db = new PasspadDb(`phone-${name}-${crypto.randomUUID()}`);
		await db.open();
		await db.groups.add({
			id: group,
			name: 'Jeudi',
			server: '',
			user: `m-${name}`,
			pass: 'x'.repeat(24),
			role: 'member',
			left: false,
			joinedAt: 1
		});
		const as = <T>(work: () => Promise<T>) => {
			useDatabase(db);
			return work();
		};
		return online({ name, db, as }, group);
	}

	/** The phone loses its network: its engine stops, what it writes waits in its outbox. */
	async function offline(phone: Phone): Promise<void> {
		await phone.nc.close();
		await phone.sync.flush(); // nothing can go: it stays queued
		await phone.sync.stop();
	}

	/** A match of the group played here, the way the app saves it (one action a transaction). */
	async function play(phone: Phone, group: string, names: string[], seed: number, upTo = Infinity) {
		return phone.as(async () => {
			const game = randomGame(seeded(seed), names.length);
			const match = await createMatch({ game: 'ill-pass', config: game.config, names, group });
			let state = RULES['ill-pass'].setup(game.config, names.length);
			for (const [seq, action] of game.actions.slice(0, upTo).entries()) {
				const result = RULES['ill-pass'].apply(state, action);
				if (!result.ok) throw new Error(result.refusal.code);
				state = result.value;
				await appendAction(match.id, seq, action, summarize(RULES['ill-pass'], state));
			}
			return match.id;
		});
	}

	async function until(check: () => Promise<boolean>, ms = 15_000) {
		const end = Date.now() + ms;
		while (Date.now() < end) {
			if (await check()) return;
			await new Promise((done) => setTimeout(done, 50));
		}
		throw new Error('not reached in time');
	}

	/** What a phone's record says: its matches, their logs and players, and who wins what. */
	async function record(phone: Phone) {
		const { db } = phone;
		const matches = (await db.matches.toArray())
			.map((row) => ({
				id: row.id,
				seats: row.seats,
				status: row.status,
				length: row.length,
				notes: row.notes,
				result: row.result,
				group: row.group
			}))
			.sort((a, b) => a.id.localeCompare(b.id));
		// every log in order, with its times (ordered by match id)
		// read in either stored form, so two phones' logs compare as logs, not as strings
		const logs = (await db.logs.toArray()).map((row) => ({
			matchId: row.matchId,
			entries: entriesOfRow(row)
		}));
		const players = (await db.players.toArray())
			.map(({ id, name }) => ({ id, name }))
			.sort((a, b) => a.id.localeCompare(b.id));
		const totals = (await db.totals.toArray()).sort((a, b) =>
			`${a.playerId}${a.game}`.localeCompare(`${b.playerId}${b.game}`)
		);
		return { matches, logs, players, totals };
	}

	const agree = async (...phones: Phone[]) => {
		const [first, ...others] = await Promise.all(phones.map(record));
		return others.every((other) => JSON.stringify(other) === JSON.stringify(first));
	};

	return {
		/** the test server (set once the file's tests begin) */
		get server() {
			return server;
		},
		engines,
		newGroup,
		clubOfThree,
		clubToJoin,
		credentialOf,
		online,
		newPhone,
		offline,
		play,
		until,
		record,
		agree
	};
}
