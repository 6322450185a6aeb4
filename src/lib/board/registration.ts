/**
 * A live table of the group as the server registers it on `passpad.g.<g>.table.<t>`
 * (docs/group.md): which match it plays, which game, the seats, and whether it is still open.
 * Read from the network, so validated before the board follows anything it names.
 */
import * as v from 'valibot';
import { GAME_IDS } from '$lib/rules/common';
import { MATCH_ID, TABLE_ID } from '$lib/live/names.js';

const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60));

export const TableRegistration = v.object({
	v: v.literal(1),
	table: v.pipe(v.string(), v.regex(TABLE_ID)),
	match: v.pipe(v.string(), v.regex(MATCH_ID)),
	game: v.picklist(GAME_IDS),
	names: v.optional(v.pipe(v.array(Name), v.maxLength(12)), []),
	open: v.boolean(),
	/** when the server wrote it (milliseconds) */
	at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)))
});
export type TableRegistration = v.InferOutput<typeof TableRegistration>;

/** The table's id from its subject's last token (passpad.g.<g>.table.<t>). */
export function tableOfSubject(subject: string): string {
	return subject.slice(subject.lastIndexOf('.') + 1);
}

/**
 * The bytes of a registration message, or null: not JSON, not a registration, or one that names
 * another table than its subject's (a member cannot make the board follow another group's table).
 */
export function readRegistration(subject: string, bytes: Uint8Array): TableRegistration | null {
	if (bytes.length > 16 * 1024) return null;
	let data: unknown;
	try {
		data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
	} catch {
		return null;
	}
	const parsed = v.safeParse(TableRegistration, data);
	if (!parsed.success || parsed.output.table !== tableOfSubject(subject)) return null;
	return parsed.output;
}
