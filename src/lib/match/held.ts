import { liveQuery } from 'dexie';
import {
	database,
	getMatch,
	loadLog,
	storageProblem,
	type PasspadDb,
	type Log,
	type LogSummary,
	type MatchRow
} from '$lib/db';
import type { ActionOf, AnyGame, StateOf } from '$lib/rules/common';
import { summarize } from '$lib/db/summary';
import { isolate } from './names';
import { Timeline } from './timeline';
import { KeptEntry } from './kept';
import {
	entered,
	type Done,
	type Dropped,
	type EntryKind,
	type Unsaved,
	type Words
} from './entries';
import { GateClosed, type Change, type ChangeKind, type Gate, type Origin } from './port';

/** Open matches by id: a delete from a list reaches the screen that shows the match. */
export const open = new Map<string, HeldMatch>();

export const BUSY: Done = { ok: false, refusal: { code: 'busy' } };

/**
 * What a match's store holds and how it writes (docs/architecture.md, "The store"): the row
 * and the timeline as last committed, one transaction per change, kept and told only once it
 * has committed, and another tab's writes followed. What may be asked of it is MatchStore's
 * (store.ts). It writes to the database it is given (the app's one by default), so a test runs
 * two phones, each its own database, in one process.
 */
export class HeldMatch<G extends AnyGame = AnyGame> {
	readonly words: Words<G>;
	protected heldMatch: MatchRow;
	protected heldTimeline: Timeline<G>;
	protected writing = false;
	#unsaved: Unsaved<ActionOf<G>> | null = null;
	readonly #kept: KeptEntry;
	protected heldDropped: Dropped | null = null;
	protected heldGate: Gate | null = null;
	private readonly listeners = new Set<(change: Change<ActionOf<G>> | null) => void>();

	/** the phone's database every write of this match goes to */
	readonly db: PasspadDb;

	constructor(words: Words<G>, log: Log, db: PasspadDb = database()) {
		this.words = words;
		this.db = db;
		this.heldMatch = log.match;
		this.#kept = new KeptEntry(log.match.id, db);
		this.heldTimeline = Timeline.of(
			words.game,
			log.match.config,
			log.match.seats.length,
			log.actions,
			log.match.redo
		);
	}

	get match(): MatchRow {
		return this.heldMatch;
	}
	get timeline(): Timeline<G> {
		return this.heldTimeline;
	}
	/** a write is under way: the next entry waits for it */
	get busy(): boolean {
		return this.writing;
	}
	get unsaved(): Unsaved<ActionOf<G>> | null {
		return this.#unsaved;
	}
	get dropped(): Dropped | null {
		return this.heldDropped;
	}
	get gate(): Gate | null {
		return this.heldGate;
	}
	/** the seats' names as screens show them: isolated where they could turn a line around */
	get names(): string[] {
		return this.heldMatch.seats.map((seat) => isolate(seat.name));
	}

	/** Every committed change, in commit order (the sync port). Returns the unsubscribe. */
	subscribe(listener: (change: Change<ActionOf<G>>) => void): () => void {
		return this.observe((change) => change && listener(change));
	}

	/** Every change of what the store holds, committed (a Change) or not (null: busy, unsaved). */
	observe(listener: (change: Change<ActionOf<G>> | null) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * Follows the stored match, so another tab or a restore shows here. Only the row is watched:
	 * every write moves its revision on, so the log is read only when someone else wrote.
	 */
	watch(): () => void {
		const id = this.heldMatch.id;
		open.set(id, this as unknown as HeldMatch);
		const db = this.db;
		// an entry a past visit could not save is offered again
		void this.#kept.load().then((kept) => {
			if (!kept || this.#unsaved) return;
			this.#unsaved = kept as Unsaved<ActionOf<G>>;
			this.tell(null);
		});
		const subscription = liveQuery(() => getMatch(id, db)).subscribe({
			next: (row) => {
				if (row && this.#newer(row)) void this.#follow();
			},
			error: () => {
				// a read failure leaves the last good state on screen; writes report their own errors
			}
		});
		return () => {
			subscription.unsubscribe();
			if (open.get(id) === (this as unknown)) open.delete(id);
		};
	}

	/** The stored log read again and shown (after a conflict, or when asked). */
	async reload(): Promise<void> {
		this.adopt(await loadLog(this.heldMatch.id, this.db), 'here');
	}

	async #follow(): Promise<void> {
		let log: Log;
		try {
			log = await loadLog(this.heldMatch.id, this.db);
		} catch {
			return; // as a failed read: the last good state stays
		}
		// this store may have written while the log was read: then it holds the newer
		if (this.#newer(log.match)) this.adopt(log, 'tab');
	}

	/** A row someone else wrote after what this store holds (never while it writes itself). */
	#newer(row: MatchRow): boolean {
		if (this.writing) return false;
		const held = this.heldMatch;
		const differs =
			row.length !== this.heldTimeline.length ||
			row.updatedAt !== held.updatedAt ||
			row.revision !== held.revision ||
			row.redo.length !== held.redo.length ||
			row.notes !== held.notes ||
			row.status !== held.status ||
			row.playedMs !== held.playedMs;
		return differs && row.revision >= held.revision;
	}

	/** A stored log taken as it is; the timeline is kept when only the row moved (a note). */
	protected adopt(log: Log, origin: Origin): void {
		this.heldMatch = log.match;
		const same =
			JSON.stringify(log.actions) === JSON.stringify(this.heldTimeline.actions) &&
			JSON.stringify(log.match.redo) === JSON.stringify(this.heldTimeline.redo) &&
			!this.heldTimeline.broken;
		if (!same) this.heldTimeline = this.heldTimeline.replaced(log.actions, log.match.redo);
		this.tell(this.change('follow', origin));
	}

	/** Refused before anything is tried: a write under way, or the live layer's gate. */
	protected closed(): Promise<Done> | null {
		if (this.writing) return Promise.resolve(BUSY);
		if (this.heldGate) return Promise.resolve({ ok: false, refusal: { code: this.heldGate.code } });
		return null;
	}

	/** One entry, one transaction: kept and told only once it has committed. */
	protected async entry(
		kind: ChangeKind,
		next: Timeline<G>,
		save: (id: string, expected: number, summary: LogSummary) => Promise<MatchRow>,
		entry: { kind: EntryKind; action: ActionOf<G>; before: StateOf<G> } | null,
		origin: Origin = 'here'
	): Promise<Done> {
		this.writing = true;
		this.tell(null);
		const started = performance.now();
		try {
			const row = await save(
				this.heldMatch.id,
				this.heldTimeline.length,
				summarize(this.words.game, next.state)
			);
			// User Timing: devtools and `npm run bench` read how long a commit takes
			performance.measure('passpad:commit', { start: started });
			this.heldMatch = row;
			this.heldTimeline = next;
			if (this.#unsaved) this.keepUnsaved(null);
			this.heldDropped = null;
			this.writing = false;
			this.tell(this.change(kind, origin));
			return { ok: true };
		} catch (error) {
			const problem = storageProblem(error);
			if (entry) {
				// worded now, from the state it was entered on, before a reload moves the state
				const words = entered(this.words, entry.action, entry.before, this.names);
				this.keepUnsaved({ kind: entry.kind, action: entry.action, problem, ...words });
			}
			if (problem === 'conflict') await this.reload().catch(() => {});
			return { ok: false, problem };
		} finally {
			if (this.writing) {
				this.writing = false;
				this.tell(null);
			}
		}
	}

	/** A change of the row alone (note, time, status), in one transaction; rejects as storage does. */
	protected async row(
		kind: ChangeKind,
		write: (id: string) => Promise<MatchRow>
	): Promise<MatchRow> {
		if (this.heldGate?.readOnly) throw new GateClosed(this.heldGate.code);
		const row = await write(this.heldMatch.id);
		// a log write that committed meanwhile holds a later revision: keep the later
		if (row.revision >= this.heldMatch.revision) this.heldMatch = row;
		this.tell(this.change(kind, 'here'));
		return row;
	}

	protected change(kind: ChangeKind, origin: Origin): Change<ActionOf<G>> {
		const match = this.heldMatch;
		const actions = this.heldTimeline.actions;
		return { kind, origin, match, actions, revision: match.revision, length: actions.length };
	}

	/** The entry storage refused (null: none), kept across a reload until saved or discarded. */
	protected keepUnsaved(unsaved: Unsaved<ActionOf<G>> | null): void {
		this.#unsaved = unsaved;
		this.#kept.keep(unsaved);
	}

	protected tell(change: Change<ActionOf<G>> | null): void {
		this.#kept.flush(); // a keep storage refused is tried again as the match moves
		for (const listener of this.listeners) listener(change);
	}

	/** The match written back after a delete (MatchStore.restore). */
	restored(match: MatchRow): void {
		this.heldMatch = match;
		this.tell(this.change('restore', 'here'));
	}
}
