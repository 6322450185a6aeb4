/**
 * The groups this phone belongs to, kept in step while the app is open (docs/group.md): one
 * GroupSync each over its own connection for the member's credential (live/connection.ts: its
 * status and its retrying), their statuses as `$state` for the screens. Loaded dynamically (it
 * brings the NATS client), only on a phone that belongs to a group (groups.ts).
 */
import type { NatsConnection } from '@nats-io/nats-core';
import type { GameId } from '$lib/rules/common';
import { database } from '$lib/db/db';
import type { GroupRow } from '$lib/db/schema';
import { openConnection, type Connection } from '$lib/live/connection';
import { deviceId } from '$lib/live/saved';
import { newId } from '$lib/live/protocol';
import { GroupSync, type Settle, type Settled, type SyncStatus } from './sync';
import { invite, removeMember, type NewMember, type Provisioned } from '$lib/wire/provision';
import type { Thing } from './record';
import { phoneSigner } from '$lib/live/keys';

/**
 * A group's matches also leave as entries (docs/wire.md, "On the phone: one replicator"),
 * signed with this phone's key; the rules are loaded when the first is sent. The pen seals a
 * match once over, and the keeper deletes its entries, so the group's stream holds one message
 * per finished match (docs/wire.md, "Where it is stored"); a phone on an older build still
 * takes the version (tests/two-builds.e2e.ts).
 */
const ENTRIES = {
	seal: true,
	signer: () => phoneSigner(),
	rulesOf: async () => {
		const { RULES } = await import('$lib/rules/registry');
		return (game: GameId) => RULES[game];
	}
};

interface Running {
	sync: GroupSync;
	/** none while the phone has not reached the server yet */
	nc: NatsConnection | null;
	connection: Connection | null;
}

class RunningGroups {
	/** each running group's status, by group id */
	statuses = $state<Record<string, SyncStatus>>({});
	/** a group whose connection could not be opened (the server away, a credential refused) */
	failed = $state<Record<string, boolean>>({});
	/** a group whose server refused this phone's credential (a removed member, docs/group.md) */
	denied = $state<Record<string, boolean>>({});
	readonly #running = new Map<string, Running>();
	readonly #starting = new Map<string, Promise<void>>();

	/** Starts the group's sync, once (a left group or a board's credential is never started). */
	start(group: GroupRow): Promise<void> {
		if (group.left || group.role !== 'member') return Promise.resolve();
		const known = this.#starting.get(group.id);
		if (known) return known;
		const started = this.#open(group);
		this.#starting.set(group.id, started);
		return started;
	}

	async #open(group: GroupRow) {
		// at once, connected or not: what waits to be sent is counted from this phone's own
		// changes (docs/group.md), and a phone opened with no network says so
		const phone = await deviceId(newId).catch(newId);
		// stopped (left) while this phone's id was read
		if (this.#starting.get(group.id) === undefined) return;
		const sync = new GroupSync({ db: database(), group: group.id, phone, entries: ENTRIES });
		const running: Running = { sync, nc: null, connection: null };
		this.#running.set(group.id, running);
		sync.onStatus((status) => {
			if (this.#running.get(group.id) !== running) return;
			this.statuses = { ...this.statuses, [group.id]: status };
		});
		sync.start();
		// a page opened with no network keeps trying, and the group starts once it connects
		const connection = openConnection(
			{ u: group.user, p: group.pass, ...(group.server ? { s: group.server } : {}) },
			// the wifi gone is said at once, and trusted again once the server answers (docs/group.md)
			// its record read whole by a joining phone: deflated, an eighth of the bytes
			{ keepTrying: true, events: window, deflate: true }
		);
		running.connection = connection;
		// refused at once, or later (a removed member): the server refuses it from then on
		connection.onStatus((status) => {
			if (status === 'refused' || status === 'revoked') {
				this.denied = { ...this.denied, [group.id]: true };
			}
		});
		try {
			const nc = await connection.ready;
			// stopped (left) while connecting: `stop` closed it
			if (this.#running.get(group.id) !== running) return;
			running.nc = nc;
			sync.connect(nc);
			this.failed = { ...this.failed, [group.id]: false };
		} catch {
			if (this.#running.get(group.id) !== running) return;
			this.#starting.delete(group.id);
			// tried again at the next start: this one's counting stops
			this.#running.delete(group.id);
			void sync.stop();
			// a refused credential is not a server away: the phone says which (denied, above)
			if (connection.status !== 'refused') this.failed = { ...this.failed, [group.id]: true };
		}
	}

	async stop(id: string) {
		const running = this.#running.get(id);
		this.#running.delete(id);
		this.#starting.delete(id);
		if (!running) return;
		await running.sync.stop();
		await running.connection?.close();
		const { [id]: _gone, ...others } = this.statuses;
		this.statuses = others;
	}

	settle(id: string, thing: Thing, choice: Settle): Promise<Settled> {
		const running = this.#running.get(id);
		if (!running) return Promise.resolve({ ok: false, why: 'no-conflict' });
		return running.sync.settle(thing, choice);
	}

	invite(id: string, label: string): Promise<Provisioned<NewMember>> {
		const running = this.#running.get(id);
		if (!running?.nc) return Promise.resolve({ ok: false, error: 'no-answer' });
		return invite(running.nc, id, label);
	}

	remove(id: string, user: string): Promise<Provisioned<{ user: string }>> {
		const running = this.#running.get(id);
		if (!running?.nc) return Promise.resolve({ ok: false, error: 'no-answer' });
		return removeMember(running.nc, id, user);
	}
}

export const running = new RunningGroups();

/** Every group this phone belongs to, started. */
export async function startAll(): Promise<void> {
	const groups = await database().groups.toArray();
	await Promise.all(groups.map((group) => running.start(group)));
}
