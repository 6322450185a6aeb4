import * as v from 'valibot';
import { GAME_IDS, replay, type Refusal } from '../rules/common';
import { RULES } from '../rules/registry';
import { database } from './db';
import { nameKey } from './players';
import { summarize } from '../match/summary';
import { SCHEMA_VERSION, type ActionRow, type MatchRow, type PlayerRow } from './schema';

export const BACKUP_FORMAT = 'passpad-backup';
/** A year of weekly games is well under 5 MB; anything past this is not a Passpad backup. */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024;

const Player = v.object({
	id: v.pipe(v.string(), v.minLength(1)),
	name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
	nameKey: v.string(),
	hidden: v.boolean(),
	createdAt: v.number()
});

const Result = v.nullable(
	v.object({
		winners: v.array(v.number()),
		shared: v.boolean(),
		reason: v.string(),
		sides: v.array(v.array(v.number())),
		totals: v.array(v.number())
	})
);

const Match = v.object({
	id: v.pipe(v.string(), v.minLength(1)),
	game: v.picklist(GAME_IDS),
	config: v.unknown(),
	seats: v.pipe(
		v.array(v.object({ playerId: v.string(), name: v.string() })),
		v.minLength(2),
		v.maxLength(6)
	),
	status: v.picklist(['active', 'finished']),
	createdAt: v.number(),
	updatedAt: v.number(),
	revision: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
	redo: v.array(v.unknown()),
	result: Result,
	log: v.array(v.object({ action: v.unknown(), at: v.number() }))
});

const Backup = v.object({
	format: v.literal(BACKUP_FORMAT),
	schema: v.pipe(v.number(), v.integer(), v.minValue(1)),
	app: v.string(),
	exportedAt: v.number(),
	players: v.array(Player),
	matches: v.array(Match)
});

export type BackupFile = v.InferOutput<typeof Backup>;

/** Why a file was refused, with what to name in the message. */
export type BackupProblem =
	| { code: 'too-large'; bytes: number }
	| { code: 'not-json' }
	| { code: 'not-ours' }
	| { code: 'newer-schema'; schema: number }
	| { code: 'invalid'; path: string }
	| {
			code: 'bad-action';
			match: string;
			game: string;
			index: number;
			/** why the rules refuse it, for the game's screens to word (never shown as a code) */
			refusal: Refusal;
			names: string[];
	  };

export class BackupRefused extends Error {
	constructor(readonly problem: BackupProblem) {
		super(`Backup refused: ${JSON.stringify(problem)}`);
		this.name = 'BackupRefused';
	}
}

/** Everything on this device: the roster, every match and its whole action log. */
export async function exportAll(appVersion: string, now = Date.now()): Promise<BackupFile> {
	const db = database();
	return db.transaction('r', db.players, db.matches, db.actions, async () => {
		const players = await db.players.toArray();
		const matches = await db.matches.toArray();
		const actions = await db.actions.toArray(); // ordered by [matchId+seq]
		const logs = new Map<string, { action: unknown; at: number }[]>();
		for (const row of actions) {
			if (!logs.has(row.matchId)) logs.set(row.matchId, []);
			logs.get(row.matchId)!.push({ action: row.action, at: row.at });
		}
		return {
			format: BACKUP_FORMAT,
			schema: SCHEMA_VERSION,
			app: appVersion,
			exportedAt: now,
			players,
			matches: matches.map(({ length: _length, playerIds: _ids, ...match }) => ({
				...match,
				log: logs.get(match.id) ?? []
			}))
		};
	});
}

/**
 * Reads a backup and proves every match in it: its shape (valibot), then a replay of every
 * action through the game's rules. Nothing is written here; any problem refuses the whole file.
 */
export function readBackup(text: string): BackupFile {
	const bytes = new TextEncoder().encode(text).length;
	if (bytes > MAX_BACKUP_BYTES) throw new BackupRefused({ code: 'too-large', bytes });
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		throw new BackupRefused({ code: 'not-json' });
	}
	if ((data as { format?: unknown })?.format !== BACKUP_FORMAT) {
		throw new BackupRefused({ code: 'not-ours' });
	}
	const schema = (data as { schema?: unknown }).schema;
	if (typeof schema === 'number' && schema > SCHEMA_VERSION) {
		throw new BackupRefused({ code: 'newer-schema', schema });
	}
	const parsed = v.safeParse(Backup, data);
	if (!parsed.success) {
		throw new BackupRefused({ code: 'invalid', path: v.getDotPath(parsed.issues[0]) ?? '' });
	}
	const matches = parsed.output.matches.map((match) => {
		const game = RULES[match.game];
		const actions = match.log.map((entry) => entry.action);
		const problem = game.checkConfig(match.config, match.seats.length);
		const replayed = problem
			? { failure: { index: -1, refusal: problem } }
			: replay(game, match.config, match.seats.length, actions);
		if (replayed.failure) {
			throw new BackupRefused({
				code: 'bad-action',
				match: match.id,
				game: match.game,
				index: replayed.failure.index,
				refusal: replayed.failure.refusal,
				names: match.seats.map((seat) => seat.name)
			});
		}
		// status and result are derived: taken from the replay, never from the file
		return { ...match, ...summarize(game, (replayed as { state: unknown }).state) };
	});
	return { ...parsed.output, matches };
}

export interface ImportReport {
	players: number;
	matches: number;
	/** matches already on this device (same id), left as they are */
	skipped: number;
}

/**
 * Merges a proven backup in one transaction: new players and matches are added, a player with
 * the same name as one on this device becomes that player, a match already here is kept as is.
 */
export async function importBackup(backup: BackupFile): Promise<ImportReport> {
	const db = database();
	return db.transaction('rw', db.players, db.matches, db.actions, async () => {
		const report: ImportReport = { players: 0, matches: 0, skipped: 0 };
		const ids = new Map<string, string>();
		for (const player of backup.players) {
			const key = nameKey(player.name);
			const same =
				(await db.players.get(player.id)) ??
				(await db.players.where('nameKey').equals(key).first());
			if (same) ids.set(player.id, same.id);
			else {
				await db.players.add({ ...player, nameKey: key } satisfies PlayerRow);
				ids.set(player.id, player.id);
				report.players++;
			}
		}
		for (const { log, ...match } of backup.matches) {
			if (await db.matches.get(match.id)) {
				report.skipped++;
				continue;
			}
			const seats = match.seats.map((seat) => ({
				...seat,
				playerId: ids.get(seat.playerId) ?? seat.playerId
			}));
			const row: MatchRow = {
				...match,
				seats,
				playerIds: seats.map((seat) => seat.playerId),
				length: log.length
			};
			await db.matches.add(row);
			await db.actions.bulkAdd(
				log.map((entry, seq): ActionRow => ({
					matchId: match.id,
					seq,
					action: entry.action,
					at: entry.at
				}))
			);
			report.matches++;
		}
		return report;
	});
}
