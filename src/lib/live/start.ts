/**
 * The live modules' one entry, imported dynamically where a match is live (slot.svelte.ts):
 * it brings the NATS client (about 61 KB gzip), so no other screen loads it.
 */
import type { AnyGame, GameId } from '$lib/rules/common';
import type { MatchSession } from '$lib/match/session.svelte';
import { closeGroupTable, openGroupTable, type ProvisionError } from '$lib/wire/provision';
import { LiveChannel, newTable, openLive } from './browser';
import type { GroupSeat } from './group-seat';
import type { HostLink } from './link';
import { SessionPort } from './local';
import { newId } from './protocol';
import { deviceId, type SavedLive } from './saved';
import { phoneSigner } from './keys';
import { LiveTable } from './table.svelte';

export { LiveTable };

/** A new table on the server for this match: the players' and the followers' links. */
export async function openTable(host: HostLink, matchId: string, name: string): Promise<SavedLive> {
	const made = await newTable(host);
	return {
		link: { t: made.table, m: matchId, u: made.writer.user, p: made.writer.pass, r: 'w' },
		readers: { t: made.table, m: matchId, u: made.reader.user, p: made.reader.pass, r: 'r' },
		name
	};
}

/**
 * A new table of the match's group, asked with this phone's member credential (docs/group.md,
 * "Requests"): like the host's, and the group's board follows it while it is open.
 */
export async function openGroupLiveTable(
	seat: GroupSeat,
	match: { id: string; game: GameId; names: string[] },
	name: string
): Promise<SavedLive> {
	const nc = await openLive(seat);
	try {
		const made = await openGroupTable(nc, seat.g, {
			match: match.id,
			game: match.game,
			names: match.names
		});
		if (!made.ok) throw new Error(made.error);
		const { table, writer, reader } = made.value;
		const server = seat.s ? { s: seat.s } : {};
		return {
			link: { t: table, m: match.id, u: writer.user, p: writer.pass, r: 'w', ...server },
			readers: { t: table, m: match.id, u: reader.user, p: reader.pass, r: 'r', ...server },
			name,
			group: seat.g
		};
	} finally {
		await nc.close().catch(() => {});
	}
}

/**
 * The group's board stops showing the table (its phones go on following it). Done when the
 * server closed it now or before (`unknown-table`); anything else is asked again later.
 */
export async function closeGroupLiveTable(
	seat: GroupSeat,
	table: string
): Promise<{ ok: true } | { ok: false; error: ProvisionError }> {
	let nc;
	try {
		nc = await openLive(seat);
	} catch {
		return { ok: false, error: 'no-answer' };
	}
	try {
		const closed = await closeGroupTable(nc, seat.g, table);
		return closed.ok || closed.error === 'unknown-table' ? { ok: true } : closed;
	} finally {
		await nc.close().catch(() => {});
	}
}

/**
 * Connects this phone to a live match. `session`: the match on screen (null while a
 * follower's copy is first made); `starting`: this phone starts it live, holding the pen.
 */
export async function connect(
	saved: SavedLive,
	session: MatchSession | null,
	starting: boolean,
	rulesOf: (game: GameId) => AnyGame | undefined
): Promise<{ table: LiveTable; port: SessionPort }> {
	const nc = await openLive(saved.link);
	// the connection is this table's alone: closing the table closes it
	const channel = new LiveChannel(nc, saved.link.t, saved.link.m, { owns: true });
	const port = new SessionPort(saved.link.m, session);
	const reader = saved.link.r === 'r';
	// a writer signs its entries with this phone's own key (keys.ts); a follower never writes
	const signer = reader ? undefined : await phoneSigner().catch(() => undefined);
	const me = { by: await deviceId(newId), name: saved.name, reader, signer };
	const table = new LiveTable(channel, port, me, rulesOf);
	try {
		await table.open(starting);
	} catch (error) {
		await table.close();
		throw error;
	}
	return { table, port };
}
