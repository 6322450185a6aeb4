import * as v from 'valibot';
import { GAME_IDS, replay } from '../rules/common';
import { RULES } from '../rules/registry';
import { database, durably } from './db';
import { askToPersist } from './persist';
import { NAME_MAX_LENGTH, cleanName, nameKey } from './players';
import { summarize } from '../match/summary';
import { SCHEMA_VERSION, type ActionRow, type MatchRow, type PlayerRow } from './schema';

export const BACKUP_FORMAT = 'passpad-backup';
/** A year of weekly games is well under 5 MB; anything past this is not a Passpad backup. */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024;

/**
 * Every field gets its real range (issue 12): a time is a whole number of milliseconds that a
 * Date can hold (±8.64e15; a backup never predates 1970), a name is what the new-match form
 * takes (trimmed, spaces folded, 1 to NAME_MAX_LENGTH characters), an id is an id.
 */
const Time = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const Name = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(NAME_MAX_LENGTH),
	v.check((name) => name === cleanName(name), 'a name is stored trimmed')
);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
/** a score or total: any whole number a match can reach, far from where floats lose units */
const Score = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));

const Player = v.object({
	id: Id,
	name: Name,
	nameKey: v.pipe(v.string(), v.maxLength(4 * NAME_MAX_LENGTH)),
	hidden: v.boolean(),
	createdAt: Time
});

const Side = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5));
const Result = v.nullable(
	v.object({
		winners: v.pipe(v.array(Side), v.maxLength(6)),
		shared: v.boolean(),
		reason: v.pipe(v.string(), v.maxLength(100)),
		sides: v.pipe(v.array(v.pipe(v.array(Side), v.maxLength(6))), v.maxLength(6)),
		totals: v.pipe(v.array(Score), v.maxLength(6))
	})
);

/** Longer than any game of the four can last: a match is refused past it. */
const MAX_LOG = 100_000;

const Match = v.object({
	id: Id,
	game: v.picklist(GAME_IDS),
	config: v.unknown(),
	seats: v.pipe(v.array(v.object({ playerId: Id, name: Name })), v.minLength(2), v.maxLength(6)),
	status: v.picklist(['active', 'finished']),
	createdAt: Time,
	updatedAt: Time,
	revision: v.optional(Count),
	redo: v.pipe(v.array(v.unknown()), v.maxLength(MAX_LOG)),
	result: Result,
	log: v.pipe(v.array(v.object({ action: v.unknown(), at: Time })), v.maxLength(MAX_LOG))
});

const Backup = v.object({
	format: v.literal(BACKUP_FORMAT),
	schema: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SCHEMA_VERSION)),
	app: v.pipe(v.string(), v.maxLength(100)),
	exportedAt: Time,
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
	| { code: 'bad-action'; match: string; game: string; index: number; refusal: string };

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
	const invalid = agreement(parsed.output);
	if (invalid) throw new BackupRefused({ code: 'invalid', path: invalid });
	const matches = parsed.output.matches.map((match) => {
		const game = RULES[match.game];
		const actions = match.log.map((entry) => entry.action);
		const problem = game.checkConfig(match.config, match.seats.length);
		const replayed = problem
			? { failure: { index: -1, refusal: problem } }
			: replay(game, match.config, match.seats.length, actions);
		const state = (replayed as { state: unknown }).state;
		const failure = replayed.failure ?? redoFailure(game, state, match.redo);
		if (failure) {
			throw new BackupRefused({
				code: 'bad-action',
				match: match.id,
				game: match.game,
				index: (replayed.failure ? 0 : actions.length) + failure.index,
				refusal: failure.refusal.code
			});
		}
		// status and result are derived: taken from the replay, never from the file
		return { ...match, ...summarize(game, state) };
	});
	return { ...parsed.output, matches };
}

/**
 * What the shape alone cannot say: ids are unique, and every seat names a player of the file
 * by that player's name (a seat that says "Ana" but counts for Ben is refused), once a match.
 * Returns where the first disagreement is, or null.
 */
function agreement(backup: BackupFile): string | null {
	const players = new Map<string, string>();
	for (const [index, player] of backup.players.entries()) {
		if (players.has(player.id)) return `players.${index}.id`;
		players.set(player.id, nameKey(player.name));
	}
	const matches = new Set<string>();
	for (const [index, match] of backup.matches.entries()) {
		if (matches.has(match.id)) return `matches.${index}.id`;
		matches.add(match.id);
		const seated = new Set<string>();
		for (const [at, seat] of match.seats.entries()) {
			const key = players.get(seat.playerId);
			if (key === undefined || seated.has(seat.playerId)) {
				return `matches.${index}.seats.${at}.playerId`;
			}
			if (key !== nameKey(seat.name)) return `matches.${index}.seats.${at}.name`;
			seated.add(seat.playerId);
		}
	}
	return null;
}

/**
 * The redo stack replayed like the log: its actions, the next one to redo last, must follow
 * the rules from the log's end, or a redo could put an illegal action in the log.
 */
function redoFailure(
	game: (typeof RULES)[keyof typeof RULES],
	state: unknown,
	redo: readonly unknown[]
): { index: number; refusal: { code: string } } | null {
	for (let step = 0; step < redo.length; step++) {
		const result = game.apply(state, redo[redo.length - 1 - step]);
		if (!result.ok) return { index: step, refusal: result.refusal };
		state = result.value;
	}
	return null;
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
	void askToPersist({ always: true }); // a whole history arrives: ask that the browser keep it
	return durably(db, () =>
		db.transaction('rw', db.players, db.matches, db.actions, async () => {
			const report: ImportReport = { players: 0, matches: 0, skipped: 0 };
			const ids = new Map<string, PlayerRow>();
			for (const player of backup.players) {
				const key = nameKey(player.name);
				// the same id is the same player only under the same name; else the name decides,
				// and a new player whose id is already someone else's here gets an id of its own
				const byId = await db.players.get(player.id);
				const same =
					(byId?.nameKey === key ? byId : undefined) ??
					(await db.players.where('nameKey').equals(key).first());
				if (same) ids.set(player.id, same);
				else {
					const row: PlayerRow = {
						...player,
						id: byId ? crypto.randomUUID() : player.id,
						nameKey: key
					};
					await db.players.add(row);
					ids.set(player.id, row);
					report.players++;
				}
			}
			for (const { log, ...match } of backup.matches) {
				if (await db.matches.get(match.id)) {
					report.skipped++;
					continue;
				}
				// a seat shows the name of the player it counts for (readBackup proved they agree)
				const seats = match.seats.map((seat) => {
					const player = ids.get(seat.playerId);
					return player ? { playerId: player.id, name: player.name } : seat;
				});
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
		})
	);
}
