/**
 * A live table of the group as the server registers it on `passpad.g.<g>.table.<t>`
 * (docs/group.md): which match it plays, which game, the seats, and whether it is still open.
 * Read from the network, so validated before the board follows anything it names.
 */
import * as v from 'valibot';
import { BoardTable } from '$lib/wire/provision';
import { readJson } from '$lib/wire/json';

/** The server's record of a group's table (`BoardTable`, written by the provisioning). */
export const TableRegistration = BoardTable;
export type TableRegistration = BoardTable;

/** The table's id from its subject's last token (passpad.g.<g>.table.<t>). */
export function tableOfSubject(subject: string): string {
	return subject.slice(subject.lastIndexOf('.') + 1);
}

/**
 * The bytes of a registration message, or null: not JSON, not a registration, or one that names
 * another table than its subject's (a member cannot make the board follow another group's table).
 */
export function readRegistration(subject: string, bytes: Uint8Array): TableRegistration | null {
	const read = readJson(bytes, 16 * 1024);
	if (!read.ok) return null;
	const parsed = v.safeParse(TableRegistration, read.data);
	if (!parsed.success || parsed.output.table !== tableOfSubject(subject)) return null;
	return parsed.output;
}
