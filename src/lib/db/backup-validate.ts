/**
 * A backup's proof, before anything is written (docs/architecture.md): JSON, ours, a schema
 * this version reads, every field in its real range, ids in the form Passpad makes, every
 * match replayed through its rules. Pure: no Dexie. Any problem refuses the whole file.
 */
import * as v from 'valibot';
import { GAME_IDS, replay, type Refusal } from '../rules/common';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import type { MatchResult } from './schema';
import { BACKUP_FORMAT, BACKUP_SCHEMA } from './backup-format';
import {
	MAX_BACKUP_BYTES,
	MAX_KEPT_LOG,
	MAX_MATCH_DEPTH,
	MAX_SEATS,
	NOTES_MAX_LENGTH,
	NAME_MAX_LENGTH,
	LABEL_MAX_LENGTH
} from '../wire/limits';
import { measuredPlay } from './played';
import { deeperThan } from './depth';
import { GROUP_ID } from '../wire/names.js';
import {
	BAD_ID,
	ColourKey,
	Credential,
	PasspadId,
	PlayerName,
	Time,
	nameKey
} from '../wire/schemas';

/**
 * Every field gets its real range (wire/schemas.ts): a time is a whole number of milliseconds
 * that a Date can hold (a backup never predates 1970), a name is what the new-match form takes
 * (trimmed, spaces folded, 1 to NAME_MAX_LENGTH characters), an id is one Passpad made.
 */
const Id = PasspadId;
const Name = PlayerName;
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
/** a score or total: any whole number a match can reach, far from where floats lose units */
const Score = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));

const Player = v.object({
	id: Id,
	name: Name,
	nameKey: v.pipe(v.string(), v.maxLength(4 * NAME_MAX_LENGTH)),
	hidden: v.boolean(),
	createdAt: Time,
	/** v4: a palette key; absent from older backups (read as none) */
	colour: v.optional(v.nullable(ColourKey), null)
});

const Side = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5));
const Result = v.nullable(
	v.object({
		winners: v.pipe(v.array(Side), v.maxLength(MAX_SEATS)),
		shared: v.boolean(),
		reason: v.pipe(v.string(), v.maxLength(100)),
		sides: v.pipe(v.array(v.pipe(v.array(Side), v.maxLength(MAX_SEATS))), v.maxLength(MAX_SEATS)),
		totals: v.pipe(v.array(Score), v.maxLength(MAX_SEATS))
	})
);

const Match = v.object({
	id: Id,
	game: v.picklist(GAME_IDS),
	config: v.unknown(),
	seats: v.pipe(
		v.array(v.object({ playerId: Id, name: Name })),
		v.minLength(2),
		v.maxLength(MAX_SEATS)
	),
	status: v.picklist(['active', 'finished', 'abandoned', 'handed']),
	/** v3: only on an abandoned match (proveMatch) */
	abandonedAt: v.optional(Time),
	/** v4: only on a match handed over to another phone (proveMatch) */
	handedAt: v.optional(Time),
	/** v4: absent from older backups, read as no note and the time measured from the log */
	notes: v.optional(v.pipe(v.string(), v.maxLength(NOTES_MAX_LENGTH)), ''),
	playedMs: v.optional(Count),
	playedByHand: v.optional(v.boolean(), false),
	createdAt: Time,
	updatedAt: Time,
	/** absent from backups written before it was kept: 0 */
	revision: v.optional(Count, 0),
	redo: v.pipe(v.array(v.unknown()), v.maxLength(MAX_KEPT_LOG)),
	result: Result,
	log: v.pipe(v.array(v.object({ action: v.unknown(), at: Time })), v.maxLength(MAX_KEPT_LOG)),
	/** v5: the group it is recorded for (one of the file's groups), absent or null: none */
	group: v.optional(v.nullable(v.pipe(v.string(), v.regex(GROUP_ID))), null)
});

/** v5: a group the phone belonged to, with its credential (docs/group.md). */
const Group = v.object({
	id: v.pipe(v.string(), v.regex(GROUP_ID)),
	name: v.pipe(v.string(), v.minLength(1), v.maxLength(LABEL_MAX_LENGTH)),
	server: v.pipe(v.string(), v.maxLength(300), v.regex(/^(wss?:\/\/[^\s#?]+)?$/)),
	...Credential.entries,
	role: v.picklist(['member', 'board']),
	left: v.boolean(),
	joinedAt: Time
});

const Envelope = v.object({
	format: v.literal(BACKUP_FORMAT),
	schema: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(BACKUP_SCHEMA)),
	app: v.pipe(v.string(), v.maxLength(100)),
	exportedAt: Time,
	players: v.array(Player),
	/** v5: absent from older backups: none */
	groups: v.optional(v.pipe(v.array(Group), v.maxLength(100)), []),
	// each match is checked on its own (proveMatch), so a large file is never copied whole
	matches: v.array(v.unknown())
});

/** A proven match: every v4 field filled in, measured from the log where the file had none. */
type MatchEntry = Omit<v.InferOutput<typeof Match>, 'result'> & {
	playedMs: number;
	/** from the replay, never the file's: with the game's direction and feats */
	result: MatchResult | null;
};
export type BackupFile = Omit<v.InferOutput<typeof Envelope>, 'matches'> & {
	matches: MatchEntry[];
};

/** How far a long import has gone: checking every match, then saving them. */
export interface ImportProgress {
	phase: 'checking' | 'saving';
	done: number;
	total: number;
}
export type OnProgress = (progress: ImportProgress) => void;

/** Why a file was refused, with what to name in the message. */
export type BackupProblem =
	| { code: 'too-large'; bytes: number }
	| { code: 'not-json' }
	| { code: 'not-ours' }
	| { code: 'newer-schema'; schema: number }
	| { code: 'invalid'; path: string }
	/** an id not in the form Passpad makes: it was made or changed outside Passpad */
	| { code: 'bad-id'; path: string }
	/** a match nested deeper than any match is (MAX_MATCH_DEPTH) */
	| { code: 'too-deep'; path: string }
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

/** The refusal for valibot's first issue, at `prefix` in the file. */
function refusedAt(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]], prefix = '') {
	const path = v.getDotPath(issues[0]) ?? '';
	const where = [prefix, path].filter(Boolean).join('.');
	return new BackupRefused(
		issues[0].message === BAD_ID
			? { code: 'bad-id', path: where }
			: { code: 'invalid', path: where }
	);
}

/** The file's size in UTF-8 bytes, without encoding a large text only to count it. */
function byteLength(text: string): number {
	// a UTF-8 byte count is at least the UTF-16 length and at most three times it
	if (text.length > MAX_BACKUP_BYTES || text.length * 3 <= MAX_BACKUP_BYTES) return text.length;
	return new TextEncoder().encode(text).length;
}

/** The file's text as data: within the size limit, JSON. */
function parseBackup(text: string): unknown {
	const bytes = byteLength(text);
	if (bytes > MAX_BACKUP_BYTES) throw new BackupRefused({ code: 'too-large', bytes });
	try {
		return JSON.parse(text);
	} catch {
		throw new BackupRefused({ code: 'not-json' });
	}
}

/**
 * The file's envelope: ours, a schema this version reads, its players. Returns it with a
 * prover for its matches, one at a time (proveMatch).
 */
function openBackup(data: unknown) {
	if ((data as { format?: unknown })?.format !== BACKUP_FORMAT) {
		throw new BackupRefused({ code: 'not-ours' });
	}
	const schema = (data as { schema?: unknown }).schema;
	if (typeof schema === 'number' && schema > BACKUP_SCHEMA) {
		throw new BackupRefused({ code: 'newer-schema', schema });
	}
	const parsed = v.safeParse(Envelope, data);
	if (!parsed.success) throw refusedAt(parsed.issues);
	const players = new Map<string, string>();
	for (const [index, player] of parsed.output.players.entries()) {
		if (players.has(player.id)) {
			throw new BackupRefused({ code: 'invalid', path: `players.${index}.id` });
		}
		players.set(player.id, nameKey(player.name));
	}
	const groups = new Set<string>();
	for (const [index, group] of parsed.output.groups.entries()) {
		if (groups.has(group.id)) {
			throw new BackupRefused({ code: 'invalid', path: `groups.${index}.id` });
		}
		groups.add(group.id);
	}
	const seen = new Set<string>();
	return {
		envelope: parsed.output,
		prove: (raw: unknown, index: number) => proveMatch(raw, index, players, seen, groups)
	};
}

/**
 * One match of the file, proven: no deeper than a match can be; its shape; ids unique; each
 * seat names a player of the file by that player's name, once; every action and the redo
 * stack replayed through the rules. Status and result come from the replay, never the file;
 * abandoned and handed, which the rules cannot know, are kept only where play goes on.
 */
function proveMatch(
	raw: unknown,
	index: number,
	players: ReadonlyMap<string, string>,
	seen: Set<string>,
	groups: ReadonlySet<string>
): MatchEntry {
	const deep = deeperThan(raw, MAX_MATCH_DEPTH);
	if (deep !== null) {
		// named by the field it is in: a setup, one action of the log, one of the redo stack
		const keys = deep.split('.');
		const field = keys.slice(0, keys[0] === 'log' ? 3 : keys[0] === 'redo' ? 2 : 1);
		throw new BackupRefused({ code: 'too-deep', path: ['matches', index, ...field].join('.') });
	}
	const parsed = v.safeParse(Match, raw);
	if (!parsed.success) throw refusedAt(parsed.issues, `matches.${index}`);
	const match = parsed.output;
	if (seen.has(match.id)) throw refusedMatch(index, 'id');
	seen.add(match.id);
	// a match of a group names one of the file's groups
	if (match.group !== null && !groups.has(match.group)) throw refusedMatch(index, 'group');
	return replayMatch(match, index, players);
}

/** A match of the file read by the schema, before its replay. */
export type ReadMatch = v.InferOutput<typeof Match>;

const refusedMatch = (index: number, path: string) =>
	new BackupRefused({ code: 'invalid', path: `matches.${index}.${path}` });

/**
 * The rest of a match's proof once its fields are read (by this file's schema, or by the group's
 * version schema, group/record.ts, which reads the same fields: read once, never twice): each
 * seat a different player (named as the file names them, when `players` is given), every action
 * and the redo stack replayed through the rules, status and result from the replay.
 */
export function replayMatch(
	match: ReadMatch,
	index: number,
	players?: ReadonlyMap<string, string>
): MatchEntry {
	const where = (path: string) => refusedMatch(index, path);
	const seated = new Set<string>();
	for (const [at, seat] of match.seats.entries()) {
		const key = players ? players.get(seat.playerId) : nameKey(seat.name);
		if (key === undefined || seated.has(seat.playerId)) throw where(`seats.${at}.playerId`);
		if (key !== nameKey(seat.name)) throw where(`seats.${at}.name`);
		seated.add(seat.playerId);
	}
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
			refusal: failure.refusal,
			names: match.seats.map((seat) => seat.name)
		});
	}
	const summary = summarize(game, state);
	// the time played is measured from the log where an older backup did not keep it
	const played = { playedMs: match.playedMs ?? measuredPlay(match.log, match.createdAt) };
	if (match.status !== 'abandoned' && match.abandonedAt !== undefined) throw where('abandonedAt');
	if (match.status !== 'handed' && match.handedAt !== undefined) throw where('handedAt');
	if (match.status === 'abandoned' || match.status === 'handed') {
		// the statuses the rules cannot know are kept where the rules say play goes on
		if (summary.status !== 'active') throw where('status');
		return { ...match, ...played, result: null };
	}
	return { ...match, ...played, ...summary };
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

/**
 * A backup already read as data (a hand-over link's match is one), proven whole. The data is
 * only read, never changed; the proof keeps its setups and actions as they are.
 */
export function proveBackup(data: unknown): BackupFile {
	const { envelope, prove } = openBackup(data);
	return { ...envelope, matches: envelope.matches.map(prove) };
}

/** Reads a backup file's text and proves every match in it (proveBackup). */
export function readBackup(text: string): BackupFile {
	return proveBackup(parseBackup(text));
}

/** Matches proven between two pauses, so a long check keeps the screen alive and says how far. */
const STEP = 100;
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * readBackup for large files: the same proof, a step at a time with progress. Each match's
 * file object is replaced by its proven copy as it goes, so the file is never held twice.
 */
export async function readBackupInSteps(
	text: string,
	onProgress: OnProgress = () => {}
): Promise<BackupFile> {
	const { envelope, prove } = openBackup(parseBackup(text));
	const matches = envelope.matches as unknown[];
	for (let index = 0; index < matches.length; index++) {
		matches[index] = prove(matches[index], index);
		if (index % STEP === STEP - 1) {
			onProgress({ phase: 'checking', done: index + 1, total: matches.length });
			await pause();
		}
	}
	onProgress({ phase: 'checking', done: matches.length, total: matches.length });
	return { ...envelope, matches: matches as MatchEntry[] };
}
