/**
 * What the live table needs to send its entries to the server's keeper (docs/wire.md, "Who
 * writes: the server appends, after checking"): the start entry, the words of a refusal, and
 * when a refused step may be sent again.
 */
import type { Append } from './client';
import { newId, readEntry, type Entry } from './protocol';
import { verified } from '$lib/wire/signing';
import type { GameId } from '$lib/rules/common';
import type { LiveMatch } from './replay';
import { canonicalJson } from '$lib/wire/canonical';

/** Why the keeper did not store this phone's entry, as the phone words it. */
export type Rejection = Exclude<Extract<Append, { ok: false }>['why'], 'moved' | 'offline'>;

/** The keeper's refusal as the pen phone's line words it (docs/live.md, "On the phone": refused by the table). */
export interface Rejected {
	readonly why: Rejection;
	readonly code?: string;
	readonly params?: Readonly<Record<string, string | number>>;
}

export function rejectionOf(answer: {
	why: Rejection;
	code?: string;
	params?: Rejected['params'];
}) {
	const { why, code, params } = answer;
	return (why === 'refused' && code ? { why, code, params } : { why }) as Rejected;
}

/** How long a phone waits before sending again when the table's quota for the minute is spent. */
export const SLOW_DOWN_MS = 10_000;

/**
 * The log here and the table's length when the keeper refused a step: that step is not sent
 * again blind, only once either has moved (a person entered or took back, the table went on).
 */
export const held = (here: readonly unknown[], table: LiveMatch) =>
	`${table.entries.length}:${canonicalJson(here)}`;

/**
 * The entry that starts a match live: this phone's match as it stands, its pen this phone's.
 * `players`: a group's match's players of each seat (group/entries.ts), named by its start
 * (docs/wire.md, "Reading a group's matches from the wire"); a table's start names none.
 */
export function startOf(
	local: {
		readonly id: string;
		readonly game: GameId;
		readonly config: unknown;
		readonly names: readonly string[];
		readonly createdAt: number;
		readonly players?: readonly string[];
	},
	me: { readonly by: string; readonly name: string }
): Entry {
	return {
		v: 1,
		id: newId(),
		match: local.id,
		pos: 0,
		prev: null,
		by: me.by,
		at: Date.now(),
		change: {
			kind: 'start',
			game: local.game,
			config: local.config,
			names: [...local.names],
			createdAt: local.createdAt,
			pen: me.name,
			...(local.players ? { players: [...local.players] } : {})
		}
	};
}

/**
 * An entry read from the server, its signature checked (a hostile server copy cannot write under
 * a phone's key): one that names a key must be signed by it; one without (written before phones
 * had keys) is read, and only acts while its pen has no key either (replay.ts).
 */
export async function readSigned(bytes: Uint8Array): Promise<ReturnType<typeof readEntry>> {
	const read = readEntry(bytes);
	if (!read.ok || (read.entry.key === undefined && read.entry.sig === undefined)) return read;
	return (await verified(read.data)) ? read : { ok: false, why: 'malformed' };
}
