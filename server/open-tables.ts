// The open door's running part (docs/live.md, "Open tables"): opens a table for an address
// within the limits (server/open.ts) through the server's own table-opening (live.ts, one
// change at a time), and once an hour expires the open tables that went a day without an entry:
// their credentials leave the registry (the reload closes their phones' connections, and
// `/nats/closed/<table>` then says the table expired) and their streams are removed.
import type { JetStreamManager } from '@nats-io/jetstream';
import { streamOf } from '../src/lib/wire/names.js';
import type { Opened } from './open-http';
import {
	OPEN_LIMITS,
	OpenDoor,
	expireTable,
	forgetExpired,
	idleTables,
	liveOpenTables,
	type OpenLimits
} from './open';
import type { Credential, Registry } from './registry';

export interface OpenSettings extends Partial<OpenLimits> {
	/** how often idle tables are looked for (an hour; the tests' shorter) */
	sweepEveryMs?: number;
}

export interface OpenDesk {
	registry: Registry;
	/** opens `how` tables marked open, one reload for all (live.ts) */
	createTables: (
		how: number,
		open: boolean
	) => Promise<{ table: string; writer: Credential; reader: Credential }[]>;
	/** runs a step after the ones before it (the registry's one writer, live.ts) */
	serial: <T>(step: () => Promise<T>) => Promise<T>;
	/** writes the registry and reloads the config */
	save: () => Promise<void>;
	jsm: JetStreamManager;
	log: (line: string) => void;
}

/** The time of a table's newest entry, as its stream says; null when it has none (or no stream). */
async function lastEntryAt(jsm: JetStreamManager, table: string): Promise<number | null> {
	const info = await jsm.streams.info(streamOf(table)).catch((failure) => {
		if (/not found/i.test(String(failure))) return null;
		throw failure;
	});
	return info?.state.messages ? Date.parse(info.state.last_ts) : null;
}

export function startOpenTables(desk: OpenDesk, settings: OpenSettings = {}) {
	const limits: OpenLimits = { ...OPEN_LIMITS, ...settings };
	const door = new OpenDoor(limits);

	async function open(address: string): Promise<Opened> {
		const refusal = door.take(address, Date.now(), liveOpenTables(desk.registry).length);
		if (refusal) return { error: refusal };
		try {
			const [made] = await desk.createTables(1, true);
			return made;
		} catch (failure) {
			door.giveBack(address);
			desk.log(`opening an open table failed: ${String((failure as Error)?.message ?? failure)}`);
			return { error: 'failed' };
		}
	}

	/** Expires the open tables a day without an entry; the ones expired. */
	async function sweep(now = Date.now()): Promise<string[]> {
		const last = new Map<string, number | null>();
		for (const table of liveOpenTables(desk.registry)) {
			// a stream that cannot be read now is looked at again next time
			await lastEntryAt(desk.jsm, table).then(
				(at) => last.set(table, at),
				() => {}
			);
		}
		const idle = idleTables(desk.registry, last, now, limits.idleMs);
		await desk.serial(async () => {
			const expired = idle.map((table) => expireTable(desk.registry, table, now));
			const forgot = forgetExpired(desk.registry, now, limits.forgetMs);
			if (expired.some(Boolean) || forgot) await desk.save();
		});
		if (!idle.length) return [];
		for (const table of idle) {
			await desk.jsm.streams
				.delete(streamOf(table))
				.catch((failure) => desk.log(`removing ${table}'s stream: ${failure}`));
		}
		desk.log(
			`${idle.length} open ${idle.length === 1 ? 'table' : 'tables'} expired after ${limits.idleMs / 3_600_000} h without an entry`
		);
		return idle;
	}

	let sweeping: Promise<unknown> = Promise.resolve();
	const every = () => {
		sweeping = sweeping
			.then(() => sweep())
			.catch((failure) => desk.log(`expiring open tables: ${failure}`));
	};
	// tables idle while no server ran expire at the start
	every();
	const timer = setInterval(every, settings.sweepEveryMs ?? 60 * 60_000);
	timer.unref();

	return {
		open,
		sweep,
		async stop() {
			clearInterval(timer);
			await sweeping;
		}
	};
}
