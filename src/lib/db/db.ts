import { Dexie, type DBCore, type EntityTable, type Middleware } from 'dexie';
import {
	DB_NAME,
	SCHEMA,
	type ActionRow,
	type ChangedRow,
	type ConflictRow,
	type EveningRow,
	type GroupRow,
	type LinkRow,
	type SendRow,
	type LogEntry,
	type LogRow,
	type OutboxRow,
	type SealRow,
	type SyncedRow,
	type MatchRow,
	type PlayerRow,
	type SettingRow,
	type TotalRow
} from './schema';
import type { GameId } from '../rules/common';
import { siteDataAllowed } from './site';
import { timePlayed } from './played';
import { recountTotals } from './totals';
import type { OldResult } from './backfill';
import { movedLive } from './links-v9';
import { trackedBefore } from './changed-v10';
import { entriesOfRow } from './log-row';

export class PasspadDb extends Dexie {
	players!: EntityTable<PlayerRow, 'id'>;
	matches!: EntityTable<MatchRow, 'id'>;
	/** v6: each match's log, one row (log.ts); v1 to v5 kept a row per action (`actions`) */
	logs!: EntityTable<LogRow, 'matchId'>;
	settings!: EntityTable<SettingRow, 'key'>;
	/** v4: who wins what, kept per player and game (totals.ts) */
	totals!: Dexie.Table<TotalRow, [string, GameId]>;
	/** v5: a group's record (docs/group.md) */
	groups!: EntityTable<GroupRow, 'id'>;
	synced!: Dexie.Table<SyncedRow, [string, string]>;
	outbox!: Dexie.Table<OutboxRow, number>;
	conflicts!: Dexie.Table<ConflictRow, [string, string]>;
	/** v8: club evenings run on this phone (docs/evening.md) */
	evenings!: EntityTable<EveningRow, 'id'>;
	/** v9: live play's links, pen and agreed log per match, and its outbox (links.ts) */
	links!: EntityTable<LinkRow, 'match'>;
	sends!: Dexie.Table<SendRow, number>;
	/** v10: what changed here of a group's record, its version still to send (changed.ts) */
	changed!: Dexie.Table<ChangedRow, [string, string]>;
	/** v12: the seal of each group's match this phone's copy is as (db/group/seals.ts) */
	seals!: Dexie.Table<SealRow, [string, string]>;
	/** an upgrader is running: opening may take long, and must never be cut short */
	upgrading = false;
	/** writes under way that must reach the disk before they report done (durably) */
	strictWrites = 0;

	constructor(name = DB_NAME) {
		super(name);
		this.use(strictWhileDurable(this));
		this.version(1).stores(SCHEMA[1]);
		this.version(2)
			.stores(SCHEMA[2])
			.upgrade((tx) => {
				this.upgrading = true;
				return tx
					.table<MatchRow>('matches')
					.toCollection()
					.modify((match) => {
						match.playerIds = (match.seats ?? []).map((seat) => seat.playerId);
					});
			});
		// v3 adds a status value, not an index: nothing to rewrite (schema.ts)
		this.version(3).stores(SCHEMA[3]);
		this.version(4)
			.stores(SCHEMA[4])
			.upgrade(async (tx) => {
				this.upgrading = true;
				// the time played of every match, from its log's times: one pass over the log
				const times = new Map<string, number[]>();
				await tx.table<ActionRow>('actions').each((row) => {
					const log = times.get(row.matchId);
					if (log) log.push(row.at);
					else times.set(row.matchId, [row.at]);
				});
				// finished matches saved before their result kept the game's direction and feats:
				// their logs replayed through their rules (backfill.ts, loaded only when needed)
				const matches = tx.table<MatchRow>('matches');
				const incomplete = await matches
					.where('status')
					.equals('finished')
					.filter(
						({ result }) =>
							!!result && (result.lowerWins === undefined || result.feats === undefined)
					)
					.toArray();
				const completed = new Map<string, MatchRow['result']>();
				if (incomplete.length > 0) {
					// waitFor keeps the upgrade's transaction open while the module loads
					const { completeResult } = await Dexie.waitFor(import('./backfill'));
					for (const match of incomplete) {
						const log = await tx
							.table<ActionRow>('actions')
							.where('[matchId+seq]')
							.between([match.id, Dexie.minKey], [match.id, Dexie.maxKey])
							.toArray();
						const actions = log.map((row) => row.action);
						completed.set(match.id, completeResult(match, match.result as OldResult, actions));
					}
				}
				await matches.toCollection().modify((match) => {
					match.notes ??= '';
					match.playedByHand ??= false;
					match.playedMs ??= timePlayed(times.get(match.id) ?? []);
					match.revision ??= 0;
					if (completed.has(match.id)) match.result = completed.get(match.id)!;
				});
				// who wins what, counted once from the completed rows, then kept (totals.ts)
				await recountTotals(
					matches.where('status').equals('finished'),
					tx.table<TotalRow>('totals')
				);
				await tx
					.table<PlayerRow>('players')
					.toCollection()
					.modify((player) => {
						player.colour ??= null;
					});
			});
		this.version(5)
			.stores(SCHEMA[5])
			.upgrade((tx) => {
				this.upgrading = true;
				// every match so far is this phone's only (docs/group.md)
				return tx
					.table<MatchRow>('matches')
					.toCollection()
					.modify((match) => {
						match.group ??= null;
					});
			});
		this.version(6)
			.stores(SCHEMA[6])
			.upgrade((tx) => {
				this.upgrading = true;
				// Dexie drops `actions` once this has run (schema.ts)
				return packLogs(tx.table<ActionRow, [string, number]>('actions'), tx.table<LogRow>('logs'));
			});
		this.version(7)
			.stores(SCHEMA[7])
			.upgrade((tx) => {
				this.upgrading = true;
				return recountPassPass(tx.table<MatchRow>('matches'), tx.table<LogRow>('logs'));
			});
		// v8 adds the evenings' table; matches of an evening say so in their config (schema.ts)
		this.version(8).stores(SCHEMA[8]);
		this.version(9)
			.stores(SCHEMA[9])
			.upgrade((tx) => movedLive(tx.table<LinkRow>('links'), tx.table<SettingRow>('settings'), tx));
		this.version(10)
			.stores(SCHEMA[10])
			.upgrade((tx) => {
				this.upgrading = true;
				return trackedBefore(tx);
			});
		// v11: a log row written as one string; the v6 form is still read (schema.ts, log-row.ts)
		this.version(11).stores(SCHEMA[11]);
		// v12: the seal each group's match is as here; nothing to upgrade (schema.ts)
		this.version(12).stores(SCHEMA[12]);
	}
}

/**
 * v7: the finished Pass Pass matches, their results counted again from their logs (backfill.ts,
 * loaded only when there are some): the round a third tick ended counts no points
 * (docs/rulings.md, Pass Pass 8), and a team match keeps the ticks written for each team (its `team-ticks` feat,
 * Pass Pass 11). The winners stay, so who wins what does not move; the revision stays too, as the
 * log did not change (a group's version holds no result).
 */
export async function recountPassPass(
	matches: Dexie.Table<MatchRow, string>,
	logs: Dexie.Table<LogRow, string>
): Promise<void> {
	const won = await matches
		.where('status')
		.equals('finished')
		.filter((row) => row.game === 'pass-pass')
		.toArray();
	if (won.length === 0) return;
	// waitFor keeps the upgrade's transaction open while the module loads
	const { recountResult } = await Dexie.waitFor(import('./backfill'));
	for (const match of won) {
		const log = entriesOfRow(await logs.get(match.id));
		const result = recountResult(
			match,
			log.map((entry) => entry.action)
		);
		if (result) await matches.update(match.id, { result });
	}
}

/** Action rows read at once by the v6 upgrader: a phone never holds a million of them. */
export const PACK_ROWS = 5_000;

/**
 * v6: every match's action rows packed into its one log row, in order, times kept. The rows are
 * read a page at a time in key order, which groups them by match: each page's whole matches
 * are written, and the match it ends in carries over to the next page.
 */
export async function packLogs(
	actions: Dexie.Table<ActionRow, [string, number]>,
	logs: Dexie.Table<LogRow, string>
): Promise<void> {
	let after: [unknown, unknown] = [Dexie.minKey, Dexie.minKey];
	// the match the last page ended in, still open
	const carried: { matchId: string; entries: LogEntry[] }[] = [];
	for (;;) {
		const page = await actions.where('[matchId+seq]').above(after).limit(PACK_ROWS).toArray();
		const rows = carried.splice(0);
		for (const { matchId, action, at } of page) {
			if (rows.at(-1)?.matchId !== matchId) rows.push({ matchId, entries: [] });
			rows.at(-1)!.entries.push({ action, at });
		}
		if (page.length < PACK_ROWS) {
			if (rows.length > 0) await logs.bulkAdd(rows);
			return;
		}
		carried.push(rows.pop()!);
		if (rows.length > 0) await logs.bulkAdd(rows);
		const last = page[page.length - 1];
		after = [last.matchId, last.seq];
	}
}

let instance: PasspadDb | null = null;

/**
 * How long opening the database may take before the screens say it is not answering (an
 * IndexedDB that never opens: a browser bug, a blocked upgrade), instead of "Loading…" forever.
 */
export const OPEN_TIMEOUT_MS = 4000;

/** The app's one database, opened on first use (Dexie's singleton habit). */
export function database(): PasspadDb {
	if (!instance) {
		instance = new PasspadDb();
		watchOpening(instance);
	}
	return instance;
}

/**
 * Starts opening the database and gives up after OPEN_TIMEOUT_MS: the waiting reads and
 * writes then fail with DatabaseClosedError, which the screens word as storage unavailable,
 * and the next use tries again with a new connection. Where site data is blocked, nothing is
 * opened at all: every use fails the same way at once.
 */
function watchOpening(db: PasspadDb): void {
	if (!siteDataAllowed()) {
		db.close({ disableAutoOpen: true });
		return;
	}
	let timer: ReturnType<typeof setTimeout>;
	const check = () => {
		if (db.isOpen()) return;
		// an upgrade over many matches takes its time; cutting it short would lose it
		if (db.upgrading) timer = setTimeout(check, OPEN_TIMEOUT_MS);
		else {
			db.close({ disableAutoOpen: true });
			if (instance === db) instance = null;
		}
	};
	timer = setTimeout(check, OPEN_TIMEOUT_MS);
	db.open().then(
		() => clearTimeout(timer),
		() => clearTimeout(timer)
	);
}

/** Tests swap in a fresh database; the app never calls this. */
export function useDatabase(db: PasspadDb): void {
	instance = db;
}

/**
 * Runs a write whose transactions commit with durability "strict": the browser reports it
 * done only once it is on disk, not merely handed to the operating system. For the writes
 * that matter most: the action that ends a match, an import. Others keep the default, which
 * is faster and already survives a closed tab. The database's `strict` middleware (below)
 * asks it of every read-write transaction that starts while such a write is under way (one
 * starting meanwhile elsewhere is strict too, which is only slower).
 */
export async function durably<T>(db: PasspadDb, write: () => Promise<T>): Promise<T> {
	db.strictWrites++;
	try {
		return await write();
	} finally {
		db.strictWrites--;
	}
}

/**
 * Dexie's public middleware API (DBCore): the durability each read-write transaction is
 * opened with, strict while `durably` runs, the browser's default otherwise.
 */
function strictWhileDurable(db: PasspadDb): Middleware<DBCore> {
	return {
		stack: 'dbcore',
		name: 'durably',
		create: (down) => ({
			...down,
			transaction: (stores, mode, options) =>
				down.transaction(
					stores,
					mode,
					mode === 'readwrite' && db.strictWrites > 0
						? { ...options, durability: 'strict' }
						: options
				)
		})
	};
}
