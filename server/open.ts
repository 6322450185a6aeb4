// Open tables (`npm run server -- --open`, docs/live.md, "Open tables"): on a public or club
// server any phone may open a live table without the host link, within the limits a public
// service needs. This module is the policy, pure (the clock is given): how many tables one
// address opens in an hour, how many open tables the server holds at once, and which tables have
// gone a day without an entry. server/open-http.ts answers the phones, server/live.ts opens and
// expires the tables. The host link keeps groups and revocation: none of that is open.
import type { Registry } from './registry';

export interface OpenLimits {
	/** tables one address (an IPv6 /64) may open in an hour */
	perAddressPerHour: number;
	/** open tables the server holds at once (each stream reserves 8 MiB: docs/live.md) */
	tables: number;
	/** a table with no entry for this long expires: its credentials and stream are removed */
	idleMs: number;
	/** an expired table is kept in the registry this long (its link says "expired"), then forgotten */
	forgetMs: number;
}

const HOUR = 60 * 60_000;

/**
 * A public service's defaults: a club evening opens a table or two a phone, a few dozen at most
 * from one room's address (its router) in an hour; a script opening tables is held to that.
 */
export const OPEN_LIMITS: OpenLimits = {
	perAddressPerHour: 20,
	tables: 1_000,
	idleMs: 24 * HOUR,
	forgetMs: 30 * 24 * HOUR
};

/**
 * Why an open server did not open a table, as the phone words it:
 * - `too-many`: this address opened its hour's tables;
 * - `full`: the server holds as many open tables as it gives;
 * - `not-open`: the server opens tables for its host link only;
 * - `failed`: the server could not make it (asking again may work).
 */
export type OpenRefusal = 'too-many' | 'full' | 'not-open' | 'failed';

/**
 * The address a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one unwrapped), an
 * IPv6 address by its /64, since one household or phone is given a whole /64 and picks any
 * address in it.
 */
export function addressKey(address: string): string {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
	if (mapped) return mapped[1];
	if (!address.includes(':')) return address;
	const [head, tail = ''] = address.toLowerCase().split('::');
	const left = head ? head.split(':') : [];
	const right = tail ? tail.split(':') : [];
	const groups = address.includes('::')
		? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
		: left;
	return `${groups
		.slice(0, 4)
		.map((group) => (group || '0').replace(/^0+(?=.)/, ''))
		.join(':')}::/64`;
}

/** Each address's tables opened in the last hour. */
export class OpenDoor {
	readonly #opened = new Map<string, number[]>();
	readonly #limits: OpenLimits;

	constructor(limits: OpenLimits = OPEN_LIMITS) {
		this.#limits = limits;
	}

	/**
	 * Whether `address` may open a table at `now`, the server holding `holding` open tables; a
	 * table let through is counted (a refused one is not: the phone that waits gets its turn).
	 */
	take(address: string, now: number, holding: number): OpenRefusal | null {
		const key = addressKey(address);
		const opened = (this.#opened.get(key) ?? []).filter((at) => now - at < HOUR);
		const refusal =
			opened.length >= this.#limits.perAddressPerHour
				? 'too-many'
				: holding >= this.#limits.tables
					? 'full'
					: null;
		if (!refusal) opened.push(now);
		if (opened.length) this.#opened.set(key, opened);
		else this.#opened.delete(key);
		// an hour's worth of addresses at most: the old ones go with their hour
		if (this.#opened.size > 10_000) this.#forget(now);
		return refusal;
	}

	/** Gives back a table counted but not made (the server failed): it did not cost the hour. */
	giveBack(address: string) {
		this.#opened.get(addressKey(address))?.pop();
	}

	#forget(now: number) {
		for (const [key, opened] of this.#opened) {
			if (opened.every((at) => now - at >= HOUR)) this.#opened.delete(key);
		}
	}
}

/** The open tables still live: opened through the open door, neither revoked nor expired. */
export function liveOpenTables(registry: Registry): string[] {
	return Object.entries(registry.tables)
		.filter(([, entry]) => entry.open && !entry.revokedAt && !entry.expiredAt)
		.map(([table]) => table);
}

/**
 * The open tables to expire at `now`: none of their entries within `idleMs` (the newest entry's
 * time, as the stream says; a table with none counts from when it was opened). A table whose
 * last entry cannot be read now is kept until it can.
 */
export function idleTables(
	registry: Registry,
	lastEntryAt: ReadonlyMap<string, number | null>,
	now: number,
	idleMs: number
): string[] {
	return liveOpenTables(registry).filter((table) => {
		if (!lastEntryAt.has(table)) return false;
		const last = Math.max(registry.tables[table].createdAt, lastEntryAt.get(table) ?? 0);
		return now - last >= idleMs;
	});
}

/** A table expired: its credentials go (the reload closes its phones' connections). */
export function expireTable(registry: Registry, table: string, now: number): boolean {
	if (!Object.hasOwn(registry.tables, table)) return false;
	const entry = registry.tables[table];
	if (!entry.open || entry.revokedAt || entry.expiredAt) return false;
	entry.expiredAt = now;
	registry.users = registry.users.filter((user) => user.table !== table);
	return true;
}

/**
 * Expired open tables forgotten `forgetMs` after they expired: a public server opens thousands,
 * and the registry is rewritten whole at each change. Their links then read as refused, not
 * expired. Whether any was forgotten.
 */
export function forgetExpired(registry: Registry, now: number, forgetMs: number): boolean {
	const old = Object.entries(registry.tables).filter(
		([, entry]) => entry.open && entry.expiredAt && now - entry.expiredAt >= forgetMs
	);
	for (const [table] of old) delete registry.tables[table];
	return old.length > 0;
}

/**
 * The address that asks: the connection's own, or, behind a reverse proxy the server was told
 * to trust (`--trust-proxy`), the last address that proxy wrote in `X-Forwarded-For` (the ones
 * before it are the phone's to write, so never read).
 */
export function askingAddress(
	socket: string | undefined,
	forwarded: string | string[] | undefined,
	trustProxy: boolean
): string {
	const said = [forwarded ?? []]
		.flat()
		.join(',')
		.split(',')
		.map((one) => one.trim());
	const last = said.filter(Boolean).at(-1);
	return trustProxy && last ? last : (socket ?? '');
}

/** What `/nats/closed/<table>` says of a table (server/closed.ts): closed by its host, or expired. */
export function closedOf(registry: Registry, table: string): boolean | 'expired' {
	if (!Object.hasOwn(registry.tables, table)) return false;
	const entry = registry.tables[table];
	return entry.expiredAt ? 'expired' : !!entry.revokedAt;
}
