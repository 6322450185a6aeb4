/**
 * The board's reader of the group's match versions, for the evening's standings (docs/evening.md,
 * "The board"): newest version of each match first, then every new one, as the tables' reader
 * does (board.svelte.ts). The board's credential may read the whole group stream
 * (docs/group.md, "Credentials"); it keeps nothing on the device.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { consumeOrdered } from '$lib/live/ordered';
import { readVersion } from '$lib/group/record';
import type { Standing } from '$lib/evening/standings';
import { groupStreamOf, recordSubject } from '$lib/wire/names.js';
import { EveningMatches } from './evening';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class BoardStandings {
	/** the newest evening's standings; empty while no match of an evening was read */
	rows = $state.raw<Standing[]>([]);
	#matches = new EveningMatches();
	#reading: ConsumerMessages | null = null;
	#closed = false;
	#counted = false;

	async read(nc: NatsConnection, group: string) {
		const js = jetstream(nc, { timeout: 5_000 });
		while (!this.#closed) {
			let messages: ConsumerMessages;
			try {
				const consumer = await js.consumers.get(groupStreamOf(group), {
					filter_subjects: recordSubject(group, '*'),
					deliver_policy: DeliverPolicy.LastPerSubject
				});
				messages = await consumeOrdered(consumer);
			} catch {
				// the server is away: the connection comes back by itself, then so does the reader
				await sleep(1_000);
				continue;
			}
			this.#reading = messages;
			for await (const message of messages) {
				const read = readVersion(message.data);
				const moved = read.ok && this.#matches.take(read.version);
				// counted once the catch-up is read, then at each change of an evening's match
				if (message.info.pending === 0 && (moved || !this.#counted)) this.#count();
			}
			this.#reading = null;
		}
	}

	#count() {
		this.#counted = true;
		this.rows = this.#matches.standings();
	}

	stop() {
		this.#closed = true;
		this.#reading?.stop();
	}
}
