/**
 * What the tests of a group's entries through a real keeper share (after-seal, entries,
 * entries-before, entries-status, kept-whole, key-registration): the server, started once a
 * file with a small group store, and its club (server/group-keeper-fixtures.ts); a phone's
 * database; a match recorded in a group on it; a group's stream as the build before sealing made
 * it; the phone's `GroupEntries` as the app makes them, and its group sync sending them.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { PasspadDb, createMatch, loadLog } from '$lib/db';
import { RULES } from '$lib/rules/registry';
import { MatchStore } from '$lib/match/store';
// the store needs only the rules from a game's screens, and the log's words
import { ui } from '$lib/match/session-fixture';
import type { TestLive } from '$lib/live/test-server';
import { ANA } from '$lib/live/fixtures';
import type { Signer } from '$lib/wire/signing';
import { GROUP_BYTES, game, storedOf } from '../../../server/group-keeper-fixtures';
import type { SealEntry } from '$lib/wire/entry';
import { sealSubject } from '$lib/wire/names.js';
import { groupStream } from '../../../server/streams';
import { GroupEntries, type EntriesOptions } from './entries';
import { GroupSync } from './sync';

export { GROUP_BYTES, storedOf, useClub, useKeeper } from '../../../server/group-keeper-fixtures';

/** Every seal of the match on its subject, oldest first (the server reads them all). */
export const sealsOf = async (server: TestLive, group: string, match: string) =>
	(await storedOf(server, group, match))
		.filter((one) => one.subject === sealSubject(group, match))
		.map((one) => one.data as SealEntry);

/** A phone's own database, opened. */
export async function phoneDb(name = 'ana'): Promise<PasspadDb> {
	const passpad = new PasspadDb(`${name}-${crypto.randomUUID()}`);
	await passpad.open();
	return passpad;
}

/** A match of `group` recorded on the phone (`game`'s three seats), and its store. */
export async function recordedIn(passpad: PasspadDb, group: string): Promise<MatchStore> {
	const made = await createMatch(
		{ game: 'ill-pass', config: game.config, names: ['Ana', 'Ben', 'Chloé'], group },
		Date.now(),
		passpad
	);
	return new MatchStore(ui, await loadLog(made.id, passpad), passpad);
}

/** The group's stream made anew as streams.ts made it before sealing: it denies deletes. */
export async function madeBeforeSealing(server: TestLive, group: string): Promise<void> {
	const jsm = await server.live.groupManager(group);
	const made = groupStream(group, 1, GROUP_BYTES);
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });
}

/** The phone's entries of the group, as the app makes them (Ana's phone, the games' rules). */
export function entriesOf(
	options: Pick<EntriesOptions, 'db' | 'group' | 'nc' | 'signer'> & Partial<EntriesOptions>
): GroupEntries {
	return new GroupEntries({ by: ANA, name: 'Ana', rulesOf: (id) => RULES[id], ...options });
}

/**
 * Ana's phone (or `phone`) joined to `club` (its group's row as joining writes it), its group
 * sync started, sending the group's matches as entries too, with `signer`'s key, saying it reads
 * the wire `reads` (key-registration.ts; `WIRE_READS` when not given).
 */
export async function syncingIn(
	passpad: PasspadDb,
	club: { group: string; name: string; member: { user: string; pass: string } },
	nc: NatsConnection,
	signer: Signer,
	phone = ANA,
	reads?: number
): Promise<GroupSync> {
	// a phone started again keeps its row, and how far it read
	if (await passpad.groups.get(club.group))
		return startSync(passpad, club.group, nc, signer, phone, reads);
	await passpad.groups.add({
		id: club.group,
		name: club.name,
		server: '',
		user: club.member.user,
		pass: club.member.pass,
		role: 'member',
		left: false,
		joinedAt: 1
	});
	return startSync(passpad, club.group, nc, signer, phone, reads);
}

function startSync(
	passpad: PasspadDb,
	group: string,
	nc: NatsConnection,
	signer: Signer,
	phone: string,
	reads: number | undefined
): GroupSync {
	return new GroupSync({
		nc,
		db: passpad,
		group,
		phone,
		entries: { signer: async () => signer, rulesOf: async () => (id) => RULES[id], reads }
	}).start();
}
