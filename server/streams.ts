// The streams the server makes (docs/live.md, "Subjects, streams, permissions"; docs/group.md,
// "One stream per group") and its own messages in a group's stream.
import type { JetStreamClient, JetStreamManager, StreamConfig } from '@nats-io/jetstream';
import {
	feedsOf,
	groupStreamOf,
	groupSubjectsOf,
	groupWireOf,
	matchesOf,
	streamOf
} from '../src/lib/wire/names.js';
import { GROUP_STORE_BYTES, MAX_ENTRY_BYTES, MAX_VERSION_BYTES } from '../src/lib/wire/limits';
import { sleep } from './nats';

/** A stream's config as the server asks for it: a name and what it sets. */
export type NewStream = Partial<StreamConfig> & { name: string };

/** Versions of each thing a group's stream keeps (docs/group.md). */
export const GROUP_VERSIONS = 8;

/** A table's stream: its matches, one subject each. */
export const tableStream = (table: string, replicas: number): NewStream => ({
	name: streamOf(table),
	subjects: [matchesOf(table)],
	storage: 'file' as StreamConfig['storage'],
	num_replicas: replicas,
	// a retried append (same Nats-Msg-Id) within two minutes is acknowledged, not stored twice
	duplicate_window: 120 * 1e9,
	max_msg_size: MAX_ENTRY_BYTES,
	// ~25,000 entries: hundreds of matches; the server reserves it per table (16 GB for 2,000)
	max_bytes: 8 * 1024 * 1024,
	// full, a new entry is refused (the keeper answers `full`) rather than a match's first dropped
	discard: 'new' as StreamConfig['discard'],
	// the log is the record: nobody deletes or purges an entry
	deny_delete: true,
	deny_purge: true,
	// each stored entry heard at once by the table's phones, whose account imports the feed
	// (docs/wire.md, "Where it is stored"); a stream made before has none and cannot gain it
	// (2.9.10: "can not change RePublish"): the keeper feeds those itself (keeper.ts)
	republish: { src: matchesOf(table), dest: feedsOf(table) }
});

/** A group's stream (docs/group.md, "One stream per group"). */
export const groupStream = (
	group: string,
	replicas: number,
	bytes = GROUP_STORE_BYTES
): NewStream => ({
	name: groupStreamOf(group),
	// the record's things, and its matches' entries and seals (names.js `groupWireOf`)
	subjects: [groupSubjectsOf(group), groupWireOf(group)],
	storage: 'file' as StreamConfig['storage'],
	num_replicas: replicas,
	duplicate_window: 120 * 1e9,
	// a few versions of each thing: the one a person did not keep stays readable a while
	max_msgs_per_subject: GROUP_VERSIONS,
	// a match's whole version: a long log with its notes fits with room to spare
	max_msg_size: MAX_VERSION_BYTES,
	// its account's whole file store (limits.ts, GROUP_STORE_BYTES); when full, a new version
	// is refused (the phone keeps it and says so) rather than an old match dropped
	max_bytes: bytes,
	discard: 'new' as StreamConfig['discard'],
	// the keeper deletes a sealed match's entries one by one (docs/wire.md, "Where it is
	// stored": sealing); phones never may (config.ts: no delete in their reading list). Never a
	// purge: on 2.9.10 a filtered purge moves every consumer to the stream's end. A stream made
	// before keeps `deny_delete`: nats-server 2.9.10 refuses to lift it (group-keeper.ts:
	// `kept-whole`)
	deny_delete: false,
	deny_purge: true
});

/** Adds a stream; a cluster elects its JetStream leader a few seconds after starting. */
export async function addStream(jsm: JetStreamManager, config: NewStream) {
	for (let tries = 0; ; tries++) {
		try {
			return await jsm.streams.add(config);
		} catch (error) {
			if (tries > 100) throw error;
			await sleep(200);
		}
	}
}

/**
 * The server's own messages in a group's stream: a member's or a table's record. JetStream
 * can miss a request for a moment around a reload (docs/group.md, "Removing"): tried again.
 */
export async function record(js: JetStreamClient, subject: string, body: object) {
	for (let tries = 0; ; tries++) {
		try {
			return await js.publish(subject, JSON.stringify(body));
		} catch (error) {
			if (tries >= 20 || !/no responders|not enabled/i.test(String(error))) throw error;
			await sleep(100);
		}
	}
}
