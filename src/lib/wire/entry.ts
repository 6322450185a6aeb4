/**
 * The entry between phones (docs/live.md, "The protocol"; docs/wire.md, "What travels"): one
 * JetStream message a log entry, on the match's own subject. Each entry names its match, its
 * position in the match's log, the entry before it and the change, so a phone checks it against
 * its own copy before anything shows, and two entries at one position are seen as a conflict,
 * never merged. A group's finished match is sealed by one larger entry holding its whole log
 * (`SealEntry`). Defined here, in the wire the server shares; live/protocol.ts names it for
 * the phone's live code.
 */
import * as v from 'valibot';
import { GAME_IDS } from '$lib/rules/common';
import {
	MAX_ENTRY_BYTES,
	MAX_LOG,
	MAX_SEATS,
	MAX_VERSION_BYTES,
	NOTES_MAX_LENGTH
} from '$lib/wire/limits';
import { MATCH_ID } from '$lib/wire/names.js';
import { PasspadId, PhoneId as Id, SeatName as Name, Time } from '$lib/wire/schemas';
import { PUBLIC_KEY, SIGNATURE } from '$lib/wire/signing';
import { readJson } from '$lib/wire/json';

/**
 * A phone's public key (wire/signing.ts). Optional on the wire: a phone of an earlier build
 * reads entries that carry one (`v.object` drops what it does not know) and the matches written
 * before keys still read; the server's keeper stores no entry without one (docs/wire.md).
 */
const Key = v.pipe(v.string(), v.regex(PUBLIC_KEY));

/** The wire's version: a phone refuses a version it does not know, rather than guess. */
export const WIRE_VERSION = 1;
/** An action as the wire carries it: an object with a type; the game's reducer judges the rest. */
const Action = v.looseObject({ type: v.pipe(v.string(), v.maxLength(40)) });

/** The group's player of each seat, in seat order (ids of the group's roster: docs/group.md). */
const Players = v.pipe(v.array(PasspadId), v.maxLength(MAX_SEATS));

/** The match begins: what `setup` needs, and the seats' names. Only ever at position 0. */
export const Start = v.object({
	kind: v.literal('start'),
	game: v.picklist(GAME_IDS),
	config: v.unknown(),
	names: v.pipe(v.array(Name), v.minLength(1), v.maxLength(MAX_SEATS)),
	createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
	/** who holds the pen from the start: the phone's owner as the table knows them */
	pen: Name,
	/**
	 * a group's match only: the group's player of each seat, as its seal's `players`, so a phone
	 * reading the match in play from its entries holds a group's match with its players
	 * (docs/wire.md, "Reading a group's matches from the wire", step 2). Optional: a table
	 * outside a group and an earlier build write none, and a keeper of an earlier build drops it
	 * from its copy while the signature, over the bytes as sent, still holds (signing.ts); the
	 * keeper refuses a start with another count than its seats (server/judge.ts)
	 */
	players: v.optional(Players)
});
/** One more action at the end of the log. */
const Act = v.object({ kind: v.literal('act'), action: Action });
/** The last action taken back. */
const Undo = v.object({ kind: v.literal('undo') });
/**
 * The log from action `from` on replaced by `actions`: an earlier entry changed, a missed one
 * inserted, one removed, the last one amended (the match screen's edits).
 */
const Rewrite = v.object({
	kind: v.literal('rewrite'),
	from: v.pipe(v.number(), v.integer(), v.minValue(0)),
	actions: v.pipe(v.array(Action), v.maxLength(MAX_LOG))
});
/**
 * The pen goes to phone `to` (its owner called `name`): from the next entry on, only it
 * enters. Written by the holder handing it over, or by the phone taking it (docs/live.md).
 */
const Pen = v.object({
	kind: v.literal('pen'),
	to: Id,
	name: Name,
	/** the new holder's key: from the next entry on, only entries signed by it act */
	key: v.optional(Key)
});

export const Change = v.variant('kind', [Start, Act, Undo, Rewrite, Pen]);
export type Change = v.InferOutput<typeof Change>;

const envelope = {
	v: v.literal(WIRE_VERSION),
	/** this entry's id, also its Nats-Msg-Id: a retried send is acknowledged, not stored twice */
	id: Id,
	match: v.pipe(v.string(), v.regex(MATCH_ID)),
	/** its position in the match's log: 0 for the start */
	pos: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
	/** the id of the entry at `pos - 1`, null for the start */
	prev: v.nullable(Id),
	/** the phone that wrote it (a random id each phone keeps) */
	by: Id,
	/** when it was entered, on the writer's clock (milliseconds) */
	at: v.pipe(v.number(), v.integer(), v.minValue(0)),
	change: Change,
	/** the writer's public key: a start's is the first pen's */
	key: v.optional(Key),
	/** the writer's signature of the entry's canonical JSON without `sig` (wire/signing.ts) */
	sig: v.optional(v.pipe(v.string(), v.regex(SIGNATURE)))
};

export const Entry = v.object(envelope);
export type Entry = v.InferOutput<typeof Entry>;

/**
 * A finished match sealed (docs/wire.md, "What travels"): its start, its whole log, each action
 * with the time it was entered, and what the match's row keeps besides (its notes, its time
 * played, whether it was abandoned and when, when it was last played), so a new phone reads one
 * message per finished match, the match's version whole (group/sealed.ts). Written by
 * the pen once the game's own reducer says the match is over, or when it is abandoned; its log
 * is the one the server holds (server/group-seal.ts).
 */
export const Seal = v.object({
	kind: v.literal('seal'),
	/**
	 * the match's start as the server holds it (game, config, seats, the first pen): the
	 * keeper drops the match's entries once sealed, start included, so a new phone reads the
	 * match from this one message
	 */
	start: Start,
	/**
	 * the group's player of each seat, in the start's order (the group's record names players:
	 * docs/group.md); the same as the start's when it names them (server/group-seal.ts), a
	 * start of an earlier build naming seats only
	 */
	players: Players,
	/** the time played was set by hand (db/played.ts) */
	playedByHand: v.boolean(),
	log: v.pipe(v.array(v.object({ action: Action, at: Time })), v.maxLength(MAX_LOG)),
	notes: v.pipe(v.string(), v.maxLength(NOTES_MAX_LENGTH)),
	/** the time played, in milliseconds (db/played.ts); null: never measured */
	playedMs: v.nullable(Time),
	abandoned: v.boolean(),
	/**
	 * when the players abandoned it (the row's time, group/record.ts `abandonedAtOf`), so the
	 * version a seal says has the digest of the version its phone sends (docs/group.md, "On the
	 * phone: what leaves"): only on a seal of an abandoned match (server/group-seal.ts), and
	 * optional, so a seal an earlier build wrote without it is still read (abandoned when sealed)
	 */
	abandonedAt: v.optional(Time),
	/**
	 * when the match was last played (the row's `updatedAt`: history lists and filters by it),
	 * so a phone that reads the seal dates the match as its phone does, not when it was sealed;
	 * optional: a seal an earlier build wrote without it reads as last played when sealed
	 */
	updatedAt: v.optional(Time),
	/**
	 * the match deleted from the group's record (a seal written again over the seal held; an
	 * Undo of the delete seals it again without): only written when true, so a seal of a match
	 * kept is what a phone of an earlier build signs and a keeper of an earlier build reads
	 */
	deleted: v.optional(v.literal(true))
});
export type Seal = v.InferOutput<typeof Seal>;

/** A seal is an entry of its own size: a whole log, as large as a group's version of a match. */
export const SealEntry = v.object({ ...envelope, change: Seal });
export type SealEntry = v.InferOutput<typeof SealEntry>;

export type Unreadable = { ok: false; why: 'too-large' | 'not-json' | 'malformed' };

/** Bytes from the network as `schema` says, at most `most` of them, or why not. */
function readAs<T extends typeof Entry | typeof SealEntry>(
	schema: T,
	most: number,
	bytes: Uint8Array
): { ok: true; entry: v.InferOutput<T>; data: unknown } | Unreadable {
	const read = readJson(bytes, most);
	if (!read.ok) return read;
	const data = read.data;
	const parsed = v.safeParse(schema, data);
	// `data`: the entry as sent, which its signature covers (the schema trims names)
	return parsed.success
		? { ok: true, entry: parsed.output as v.InferOutput<T>, data }
		: { ok: false, why: 'malformed' };
}

/** Bytes from the network as an entry, or why not: nothing else is ever trusted. */
export const readEntry = (bytes: Uint8Array) => readAs(Entry, MAX_ENTRY_BYTES, bytes);

/** Bytes from the network as a seal (as large as a group's version of a match), or why not. */
export const readSealEntry = (bytes: Uint8Array) => readAs(SealEntry, MAX_VERSION_BYTES, bytes);

export function writeEntry(entry: Entry | SealEntry): Uint8Array {
	return new TextEncoder().encode(JSON.stringify(entry));
}

/** A random id for an entry or a phone: 16 letters and digits from the platform's random. */
export function newId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return [...bytes].map((byte) => letters[byte % letters.length]).join('');
}
