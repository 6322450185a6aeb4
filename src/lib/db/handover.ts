/**
 * A match handed over between phones, on the storage side: what the first
 * phone packs (handedMatch), and how the other phone takes it (planTakeOver, takeOver) through
 * the same proof and import as a backup (backup-validate.ts, backup-import.ts): every action replayed through the rules
 * before anything is written.
 *
 * The match may already be on this phone: handed back after the other phone played on, or a
 * link opened twice. A copy this phone handed over, or whose log the link's log extends, is
 * replaced by the link's; a copy played on here that the link does not extend is never
 * overwritten (the players would lose entries), and the screen says so.
 */
import type { HandedMatch } from '$lib/share/handover';
import { RULES } from '../rules/registry';
import { importBackup } from './backup-import';
import { BackupRefused, proveBackup, type BackupFile } from './backup-validate';
import { BACKUP_FORMAT, BACKUP_SCHEMA } from './backup-format';
import { newId as makeId } from '../wire/ids';
import { database, durably } from './db';
import { MissingMatch } from './errors';
import { nameKey } from './players';
import { retally } from './totals';
import { deleteEntries, readEntries, writeEntries } from './entries';
import type { LogEntry, MatchRow, MatchStatus } from './schema';

/** The match as the other phone needs it: setup, names, note, time played, the log and its times. */
export async function handedMatch(id: string): Promise<HandedMatch> {
	const db = database();
	return db.transaction('r', db.matches, db.logs, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new MissingMatch(id);
		const entries = await readEntries(db, id);
		return {
			id: match.id,
			game: match.game,
			config: match.config,
			names: match.seats.map((seat) => seat.name),
			notes: match.notes ?? '',
			playedMs: match.playedMs ?? 0,
			playedByHand: match.playedByHand ?? false,
			createdAt: match.createdAt,
			log: entries.map(({ action, at }) => ({ action, at }))
		};
	});
}

/**
 * The handed match as a backup of one match: its players are known by name only, so each seat
 * gets a new id, and the import makes it the player of that name on this phone, or a new one.
 */
export function handoverBackup(match: HandedMatch, now: number, newId: () => string) {
	const players = match.names.map((name) => ({
		id: newId(),
		name,
		nameKey: '', // the import keys names itself
		hidden: false,
		createdAt: now,
		colour: null
	}));
	return {
		format: BACKUP_FORMAT,
		schema: BACKUP_SCHEMA,
		app: 'passpad-handover',
		exportedAt: now,
		players,
		matches: [
			{
				id: match.id,
				game: match.game,
				config: match.config,
				seats: players.map((player) => ({ playerId: player.id, name: player.name })),
				status: 'active',
				notes: match.notes,
				playedMs: match.playedMs,
				playedByHand: match.playedByHand,
				createdAt: match.createdAt,
				// from here to the next entry is play (log.ts)
				updatedAt: now,
				redo: [],
				result: null,
				log: match.log
			}
		]
	};
}

/**
 * What taking the match does here: 'new' (not on this phone), 'replace' (this phone's copy was
 * handed over, or the link's log extends it, or its setup differs), 'same' (this phone has
 * exactly this match: nothing to write), 'diverged' (this phone's copy has entries the link
 * lacks: refused).
 */
export type TakeOverVerdict = 'new' | 'replace' | 'same' | 'diverged';

export interface TakeOverPlan {
	/** the match as proven, status and result derived by the rules */
	readonly backup: BackupFile;
	readonly verdict: TakeOverVerdict;
	/** this phone's copy, if any */
	readonly here: {
		readonly status: MatchStatus;
		readonly length: number;
		readonly handedAt?: number;
	} | null;
	/** how the link's match is set up otherwise than this phone's copy: said before replacing */
	readonly differences: readonly SetupDifference[];
}

/**
 * One way the link's match is set up otherwise than the copy here (same id, so the same match
 * in the players' eyes): names as each side has them, in seat order.
 */
export type SetupDifference =
	| { readonly kind: 'game'; readonly here: string; readonly link: string }
	| { readonly kind: 'players'; readonly here: string[]; readonly link: string[] }
	| { readonly kind: 'seats'; readonly here: string[]; readonly link: string[] }
	| { readonly kind: 'starter'; readonly here: string | null; readonly link: string | null }
	| { readonly kind: 'options' };

/** Two entries or setups are the same: equal JSON, whatever the order of their fields. */
function same(a: unknown, b: unknown): boolean {
	const sorted = (value: unknown) =>
		JSON.stringify(value, (_, inner) =>
			inner && typeof inner === 'object' && !Array.isArray(inner)
				? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)))
				: inner
		);
	return sorted(a) === sorted(b);
}

type Setup = Pick<MatchRow, 'game' | 'config' | 'seats'>;

/** Who acts first in a setup, as its game's rules say; null where a first action decides it. */
function starter(setup: Setup): string | null {
	const game = RULES[setup.game];
	const seat = game.turn(game.setup(setup.config as never, setup.seats.length));
	return seat === null ? null : (setup.seats[seat]?.name ?? null);
}

/** How the link's setup differs from the copy here: game, players, seat order, who starts. */
export function setupDifferences(here: Setup, link: Setup): SetupDifference[] {
	if (here.game !== link.game) return [{ kind: 'game', here: here.game, link: link.game }];
	const names = (setup: Setup) => setup.seats.map((seat) => seat.name);
	const keys = (setup: Setup) => names(setup).map(nameKey);
	const differences: SetupDifference[] = [];
	if (!same([...keys(here)].sort(), [...keys(link)].sort())) {
		differences.push({ kind: 'players', here: names(here), link: names(link) });
	} else if (!same(keys(here), keys(link))) {
		differences.push({ kind: 'seats', here: names(here), link: names(link) });
	}
	const first = { here: starter(here), link: starter(link) };
	const firstKey = (name: string | null) => (name === null ? null : nameKey(name));
	if (firstKey(first.here) !== firstKey(first.link)) {
		differences.push({ kind: 'starter', ...first });
	} else if (!same(here.config, link.config) && differences.length === 0) {
		differences.push({ kind: 'options' });
	}
	return differences;
}

function verdictFor(
	here: MatchRow | undefined,
	local: readonly unknown[],
	incoming: readonly unknown[],
	differs: boolean
): TakeOverVerdict {
	if (!here) return 'new';
	const prefix =
		local.length <= incoming.length && local.every((action, at) => same(action, incoming[at]));
	if (prefix && local.length === incoming.length && here.status !== 'handed' && !differs)
		return 'same';
	// handed over, this copy was given away: the link's is the match now
	if (prefix || here.status === 'handed') return 'replace';
	return 'diverged';
}

async function localCopy(id: string) {
	const db = database();
	return db.transaction('r', db.matches, db.logs, async () => {
		const match = await db.matches.get(id);
		const entries = match ? await readEntries(db, id) : [];
		return { match, entries };
	});
}

/**
 * Proves the handed match (the backup's proof: shape, names, every action replayed) and says
 * what taking it would do here. Writes nothing. Throws BackupRefused when the rules refuse it.
 */
export async function planTakeOver(
	match: HandedMatch,
	now = Date.now(),
	newId: () => string = makeId
): Promise<TakeOverPlan> {
	// players are known by name here: two seats of one name would become one player twice
	const keys = match.names.map((name) => (typeof name === 'string' ? nameKey(name) : name));
	const twice = keys.findIndex((key, seat) => keys.indexOf(key) !== seat);
	if (twice >= 0)
		throw new BackupRefused({ code: 'invalid', path: `matches.0.seats.${twice}.name` });
	// proven as data: a hostile link never goes through JSON.stringify (too deep: refused first)
	const backup = proveBackup(handoverBackup(match, now, newId));
	const incoming = backup.matches[0];
	const { match: here, entries } = await localCopy(incoming.id);
	const differences = here ? setupDifferences(here, incoming) : [];
	return {
		backup,
		verdict: verdictFor(
			here,
			entries.map((entry) => entry.action),
			incoming.log.map((entry) => entry.action),
			differences.length > 0
		),
		here: here ? { status: here.status, length: here.length, handedAt: here.handedAt } : null,
		differences
	};
}

/** This phone has its own entries in the match that the link lacks: not overwritten. */
export class TakeOverRefused extends Error {
	constructor(
		readonly matchId: string,
		readonly here: number,
		readonly incoming: number
	) {
		super(`Match ${matchId} here has entries the hand-over lacks; not replaced.`);
		this.name = 'TakeOverRefused';
	}
}

/**
 * Takes the planned match: adds it, or replaces this phone's copy (its rows kept in memory and
 * put back if the import fails, so a failed take-over loses nothing). The copy here is read
 * again first: one changed since the plan is judged anew.
 */
export async function takeOver(plan: TakeOverPlan): Promise<TakeOverVerdict> {
	const db = database();
	const incoming = plan.backup.matches[0];
	const { match: here, entries } = await localCopy(incoming.id);
	const verdict = verdictFor(
		here,
		entries.map((entry) => entry.action),
		incoming.log.map((entry) => entry.action),
		here !== undefined && setupDifferences(here, incoming).length > 0
	);
	if (verdict === 'diverged')
		throw new TakeOverRefused(incoming.id, entries.length, incoming.log.length);
	if (verdict === 'same') return verdict;
	const old: { match: MatchRow; entries: LogEntry[] } | null = here
		? { match: here, entries }
		: null;
	if (old) {
		await durably(db, () =>
			db.transaction('rw', db.matches, db.logs, db.totals, async () => {
				// the copy must not have moved since it was read: else leave it and say so
				const now = await db.matches.get(incoming.id);
				if (now?.revision !== old.match.revision || now?.length !== old.match.length) {
					throw new TakeOverRefused(incoming.id, now?.length ?? 0, incoming.log.length);
				}
				await deleteEntries(db, incoming.id);
				await db.matches.delete(incoming.id);
				// who wins what no longer counts the copy (the import counts the link's)
				await retally(db.totals, [[old.match, undefined]]);
			})
		);
	}
	try {
		const report = await importBackup(plan.backup);
		if (report.matches !== 1) throw new Error('The match was not written.');
	} catch (error) {
		if (old) {
			await durably(db, () =>
				db.transaction('rw', db.matches, db.logs, db.totals, async () => {
					// put back only where nothing took the place meanwhile
					if (await db.matches.get(incoming.id)) return;
					await db.matches.put(old.match);
					await writeEntries(db, incoming.id, old.entries);
					await retally(db.totals, [[undefined, old.match]]);
				})
			);
		}
		throw error;
	}
	return verdict;
}
