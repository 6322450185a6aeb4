// A group and its board credential for the board's test and bench, made straight on a running
// live server (scripts/live/server.mjs's startLive) through its admin connection: the group's
// stream, the tables registered on its `table` subjects, and a board user that may read the
// group's stream and the given tables' streams, and publish nothing (docs/group.md, "Credentials
// and permissions"). Test-only: once the server provisions groups itself, this gives way to
// startLive's own createGroup (the same stream, subjects and board permissions).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { hashOf, newPassword, newTableId } from '../scripts/live/registry.mjs';
import {
	boardTableSubject,
	groupStreamOf,
	groupSubjectsOf,
	inboxOf,
	streamOf
} from '../src/lib/live/names.js';

/** What a reader may ask a stream: its info and an ordered consumer of its messages. */
const reading = (/** @type {string} */ stream) => [
	`$JS.API.STREAM.INFO.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}.>`,
	`$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
	`$JS.API.CONSUMER.INFO.${stream}.>`,
	`$JS.API.CONSUMER.DELETE.${stream}.>`
];

const q = (/** @type {string} */ value) => JSON.stringify(value);
const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A group on the live server, with a board credential allowed to read `tables`.
 * @param {Awaited<ReturnType<typeof import('../scripts/live/server.mjs').startLive>>} live
 * @param {string[]} tables
 */
export async function boardGroup(live, tables) {
	const group = newTableId();
	await live.jsm.streams.add({
		name: groupStreamOf(group),
		subjects: [groupSubjectsOf(group)],
		storage: /** @type {import('@nats-io/jetstream').StorageType} */ ('file'),
		num_replicas: 1,
		max_msgs_per_subject: 5,
		duplicate_window: 120 * 1e9,
		max_msg_size: 60 * 1024,
		deny_delete: true,
		deny_purge: true
	});
	const board = { user: `board-${group}`, pass: newPassword() };
	const publish = [groupStreamOf(group), ...tables.map(streamOf)].flatMap(reading);
	const entry =
		`    { user: ${q(board.user)}, password: ${q(await hashOf(board.pass, 4))}, ` +
		`permissions: { publish: { allow: [${publish.map(q).join(', ')}] }, ` +
		`subscribe: { allow: [${q(`${inboxOf(board.user)}.>`)}] } } }`;
	// the board's user added to the running config and reloaded, as the server's provisioning
	// does for its own users (a later reload of the server's own rewrites it without this user)
	for (const [index, node] of live.nodes.entries()) {
		const file = join(node.dir, 'nats.conf');
		const text = readFileSync(file, 'utf8');
		writeFileSync(file, text.replace(/\n {2}\]\n\}\n*$/, `\n${entry}\n  ]\n}\n`));
		live.process(index)?.kill('SIGHUP');
	}
	for (let tries = 0; ; tries++) {
		try {
			const probe = await connect({
				servers: `127.0.0.1:${live.nodes[0].port}`,
				user: board.user,
				pass: board.pass,
				reconnect: false
			});
			await probe.close();
			break;
		} catch (error) {
			if (tries > 100) throw error;
			await sleep(50);
		}
	}
	const js = jetstream(live.nc);
	return {
		group,
		board,
		/** The board's link: the credential in the fragment. @param {string} origin */
		link: (origin, name = 'Club') =>
			`${origin}/board#${new URLSearchParams({ g: group, u: board.user, p: board.pass, n: name })}`,
		/**
		 * A table registered as the server does when a member opens one, or closed.
		 * @param {{ table: string, match: string, game: string, names: string[], open: boolean }} table
		 */
		register: (table) =>
			js.publish(
				boardTableSubject(group, table.table),
				JSON.stringify({ v: 1, ...table, at: Date.now() })
			)
	};
}
