/**
 * The group's wire read and its seals taken, once the group reads its matches there
 * (docs/wire.md, "Reading a group's matches from the wire: the switch", steps 3 and 4): the
 * wire's reader (wire-reader.ts) started when the fold of the member records says every member
 * reads the wire (switch.ts), the seals it reads taken into the record (take-track.ts), many a
 * transaction, one taking at a time with the record's messages (core.ts `serial`), how far it
 * was taken kept in the group's row in the same transaction, so a later start reads on from
 * there (a taking that fails leaves it there: the next start reads those again). Stopped when
 * the fold turns back.
 */
import type { AnyGame, GameId } from '$lib/rules/common';
import { readToOf } from '$lib/db/group/synced';
import type { SyncCore } from './core';
import { takeTracks, type TrackRead } from './take-track';
import type { WireReading } from './wire-reader';

export class WireTaking {
	readonly #core: SyncCore;
	readonly #rulesOf: () => Promise<(game: GameId) => AnyGame | undefined>;
	#reading: WireReading | null = null;
	#wanted = false;
	/** tracks read and not yet taken, in the stream's order, and whether a taking is queued */
	readonly #read: TrackRead[] = [];
	#taking = false;
	/** the start under way, so a second `follow(true)` meanwhile starts nothing more */
	#starting: Promise<void> | null = null;

	/** told once a reading has read the wire to its end: the matches it holds */
	readonly #whole: (onWire: ReadonlySet<string>) => void;

	constructor(
		core: SyncCore,
		rulesOf: () => Promise<(game: GameId) => AnyGame | undefined>,
		whole: (onWire: ReadonlySet<string>) => void = () => {}
	) {
		this.#core = core;
		this.#rulesOf = rulesOf;
		this.#whole = whole;
		// a change to a match waits for the whole wire while the group reads it (core.ts)
		core.wireWhole = false;
	}

	/** Whether the wire is read now (tests). */
	get reading(): boolean {
		return this.#reading !== null;
	}

	/** Reads the wire while `switched`, from where this phone last took it; stops when not. */
	follow(switched: boolean): void {
		this.#wanted = switched;
		if (!switched) return this.#stopReading();
		if (!this.#starting) this.#starting = this.#start().finally(() => (this.#starting = null));
	}

	async #start(): Promise<void> {
		const core = this.#core;
		if (this.#reading || core.closed) return;
		const [{ readWire }, rulesOf, after] = await Promise.all([
			import('./wire-reader'),
			this.#rulesOf(),
			readToOf(core.db, core.group, 'wireReadTo').catch(() => 0)
		]);
		if (!this.#wanted || this.#reading || core.closed) return;
		const reading = readWire(core.js, core.group, {
			rulesOf,
			...(after > 0 ? { after } : {}),
			moved: (match, track) => {
				this.#read.push({ match, track });
				if (this.#taking) return;
				this.#taking = true;
				void core.serial(() => this.#takeRead());
			}
		});
		this.#reading = reading;
		// once every message read so far is taken (the same queue): which matches the wire holds
		void reading.caughtUp
			.then(() => core.serial(async () => {}))
			.then(() => {
				if (this.#reading === reading && !core.closed) {
					core.wireWhole = true;
					this.#whole(new Set([...reading.tracks.matches()].map(([match]) => match)));
				}
			});
	}

	/** What was read meanwhile, taken many a transaction (a joining phone reads every seal). */
	async #takeRead(): Promise<void> {
		const core = this.#core;
		try {
			while (this.#read.length > 0 && !core.closed) {
				await takeTracks(core, this.#read.splice(0, core.batch));
			}
		} finally {
			this.#read.length = 0;
			this.#taking = false;
		}
	}

	#stopReading(): void {
		this.#reading?.stop();
		this.#reading = null;
		this.#core.wireWhole = false;
	}

	stop(): void {
		this.#wanted = false;
		this.#stopReading();
	}
}
