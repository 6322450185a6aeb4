/**
 * The keeper's answer to a phone's append (docs/wire.md, "Who writes: the server appends, after
 * checking"): the stream sequence the entry is stored at, or one refusal word. The server writes
 * it and the phone reads it with this one schema.
 */
import * as v from 'valibot';

/**
 * Why the keeper did not store an entry: `not-passpad` (not an entry, too large, another match, a
 * seal saying when a match it does not say abandoned was abandoned),
 * `moved` (the table's log does not end where the entry says: another entry got there first),
 * `not-yours` (only the pen writes that), `refused` (the game's rules, or a start past the
 * first entry: `code` says which), `full` (the table's store), `slow-down` (the table's quota
 * for the minute, src/lib/wire/limits.ts), `pen-held` (a `pen` entry taking the pen from a
 * holder that is not silent: PEN_SILENCE_MS; an older build reads an answer it does not know
 * as none, and takes nothing). A group's match only (docs/wire.md, "Where it is stored"):
 * `not-over` (a seal before the game's reducer says the match is over, and not abandoned),
 * `not-the-log` (a seal whose log is not the one the server holds, or whose start is not the
 * sealed one's), `sealed` (an entry, not a seal, of a match already sealed; a seal of it goes
 * over the newest seal, else `moved` with that seal's position and id), `kept-whole` (the group's stream was made before sealing and cannot
 * delete a sealed match's entries: it takes none, its matches go as whole versions only).
 */
export const REFUSALS = [
	'not-passpad',
	'moved',
	'not-yours',
	'refused',
	'full',
	'slow-down',
	'pen-held',
	'not-over',
	'not-the-log',
	'sealed',
	'kept-whole'
] as const;
export type AppendRefusal = (typeof REFUSALS)[number];

const Seq = v.pipe(v.number(), v.integer(), v.minValue(0));

export const AppendAnswer = v.variant('ok', [
	v.object({ ok: v.literal(true), seq: Seq, duplicate: v.boolean() }),
	v.object({
		ok: v.literal(false),
		why: v.picklist(REFUSALS),
		/** `refused`: the reducer's code (a rule's words on the phone) */
		code: v.optional(v.pipe(v.string(), v.maxLength(60))),
		/** `refused`: what the rule's words name (a card, a seat) */
		params: v.optional(
			v.pipe(
				v.record(
					v.pipe(v.string(), v.maxLength(20)),
					v.union([v.pipe(v.string(), v.maxLength(60)), v.number()])
				),
				v.check((params) => Object.keys(params).length <= 8)
			)
		),
		/** `moved`: how many entries the table has, and the last one's id */
		length: v.optional(Seq),
		last: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))))
	})
]);
export type AppendAnswer = v.InferOutput<typeof AppendAnswer>;

/** The keeper's answer from its bytes, or null when it is not one. */
export function readAnswer(bytes: Uint8Array): AppendAnswer | null {
	try {
		const parsed = v.safeParse(AppendAnswer, JSON.parse(new TextDecoder().decode(bytes)));
		return parsed.success ? parsed.output : null;
	} catch {
		return null;
	}
}
