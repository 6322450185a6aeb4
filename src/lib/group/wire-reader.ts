/**
 * The group's wire read whole and on (docs/wire.md, "Reading a group's matches from the wire:
 * the switch"): a second ordered consumer beside the record's (reader.ts), on
 * `passpad.gw.<group>.>` (one filter subject: nats-server 2.9), from the newest message of each
 * subject on a first read (every entry of a match in play, a sealed match's newest seal), then
 * on after the last message taken; each message folded into its match's track (track.ts). A
 * match in play whose start came before the reading began is read whole once (held.ts).
 */
import { DeliverPolicy, type JetStreamClient } from '@nats-io/jetstream';
import type { AnyGame, GameId } from '$lib/rules/common';
import { groupStreamOf, groupWireOf } from '$lib/wire/names.js';
import { consumeOrdered } from '$lib/live/ordered';
import { heldEntries } from './held';
import { Tracks, type Track } from './track';

export interface WireReading {
	/** every match read so far, each on its track */
	readonly tracks: Tracks;
	/** the wire read up to where it ended when reading began */
	readonly caughtUp: Promise<void>;
	/** the stream sequence of the last message taken (a later start reads on after it) */
	readonly readTo: () => number;
	stop(): void;
}

export interface WireOptions {
	readonly rulesOf: (game: GameId) => AnyGame | undefined;
	/** told of each match a message moved, once its track has taken it */
	readonly moved?: (match: string, track: Track) => void;
	/** read on after this stream sequence (a restart's), else whole from the newest of each */
	readonly after?: number;
}

/** `group`'s wire read with `js` until `stop`. */
export function readWire(js: JetStreamClient, group: string, options: WireOptions): WireReading {
	const tracks = new Tracks(group, options.rulesOf);
	let next = (options.after ?? 0) > 0 ? options.after! + 1 : 0;
	let stopped = false;
	let reading: { stop(): void } | null = null;
	let reached = () => {};
	// a match in play whose start was read before this reading began: its entries read whole
	const adopt = async (match: string, seq: number) => {
		const copy = await heldEntries(js, group, match, { rulesOf: options.rulesOf, waitMs: 2_000 });
		if (copy && typeof copy === 'object') tracks.adopt(match, copy, seq);
	};
	const caughtUp = new Promise<void>((done) => (reached = done));
	void (async () => {
		for (let wait = 250; !stopped; wait = Math.min(wait * 2, 4_000)) {
			try {
				const consumer = await js.consumers.get(groupStreamOf(group), {
					filter_subjects: groupWireOf(group),
					...(next === 0
						? { deliver_policy: DeliverPolicy.LastPerSubject }
						: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: next })
				});
				// nothing pending on the wire's subjects: caught up, whatever the stream's last message
				const info = await consumer.info(true).catch(() => null);
				if (info?.num_pending === 0) reached();
				const messages = await consumeOrdered(consumer);
				reading = messages;
				if (stopped) messages.stop();
				wait = 250;
				for await (const message of messages) {
					if (message.seq < next) continue;
					next = message.seq + 1;
					const midway = tracks.joinsMidway(message);
					if (midway) await adopt(midway, message.seq);
					const read = await tracks.read(message);
					const match = read ?? (midway && tracks.track(midway) ? midway : null);
					if (match) options.moved?.(match, tracks.track(match)!);
					if (message.info.pending === 0) reached();
				}
			} catch {
				// no answer: asked again, after a longer wait each time
			}
			if (!stopped) await new Promise((done) => setTimeout(done, wait));
		}
	})();
	return {
		tracks,
		caughtUp,
		readTo: () => Math.max(0, next - 1),
		stop() {
			stopped = true;
			reading?.stop();
		}
	};
}
