/**
 * The group's wire read whole and on (docs/wire.md, "Reading a group's matches from the wire:
 * the switch"): a second ordered consumer beside the record's (reader.ts), on
 * `passpad.gw.<group>.>` (one filter subject: nats-server 2.9), from the newest message of each
 * subject on a first read (every entry of a match in play, a sealed match's newest seal), then
 * on after the last message taken; each message folded into its match's track (track.ts). A
 * match in play whose start came before the reading began is read whole once (held.ts).
 */
import type { JetStreamClient } from '@nats-io/jetstream';
import type { AnyGame, GameId } from '$lib/rules/common';
import { groupStreamOf, groupWireOf } from '$lib/wire/names.js';
import { readings } from '$lib/live/ordered';
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
	let next = (options.after ?? 0) + 1;
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
		const reads = readings(js, {
			stream: groupStreamOf(group),
			filter: groupWireOf(group),
			after: () => Math.max(0, next - 1),
			closed: () => stopped
		});
		for await (const { pending, messages } of reads) {
			reading = messages;
			if (stopped) messages.stop();
			// nothing pending on the wire's subjects: caught up, whatever the stream's last message
			if (pending === 0) reached();
			try {
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
				// the reading broke off: the next one reads on after the last message taken
			}
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
