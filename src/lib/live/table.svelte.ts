/**
 * One live match on this phone (docs/live.md, "On the phone"): the table's copy read from the
 * server and checked entry by entry (replay.ts), this phone's own log (through a LocalPort), and
 * the one rule between them: the pen phone sends what the table lacks, in order; every other
 * phone takes what the table has; when both have entries the other lacks, the phone shows both
 * and a person chooses. Nothing from the network is written here before it passed the check.
 */
import { SLOW_DOWN_MS, held, readSigned, rejectionOf, startOf, type Rejected } from './appending';
import { newId, writeEntry, type Change, type Entry } from './protocol';
import { accept, begin, nextEntry } from './replay';
import { signed } from '$lib/wire/signing';
import { canonicalJson as key } from '$lib/wire/canonical';
import { relate, stepsToSend } from './sync';
import { OneLook, nextStep, type Step } from './sending';
import { HERE_EVERY_MS } from './pen';
import { Gap } from './gap';
import { TableView } from './table-view.svelte';

export type { LocalMatch, LocalPort, Me, Refused } from './table-port';

export class LiveTable extends TableView {
	#timers: ReturnType<typeof setInterval>[] = [];
	#pushing = false;
	/** the entry sent and not yet answered: sent again, with the same id, when back online */
	#inFlight: Entry | null = null;
	/**
	 * The log here (its canonical JSON) and the table's length when the keeper refused this
	 * phone's entry: the same step is not sent again blind, only once either has moved.
	 */
	#heldBack: string | null = null;
	/**
	 * Closed: this table looks at nothing more. The follow page's table and the match
	 * screen's share the synced key; a closed one left reacting to a reconnect would write
	 * its old log's key over the live one, and the screen would see entries of its own.
	 */
	#closed = false;
	/**
	 * The id of our entry the server called stale. After a restart the first try may be
	 * stored after all (sent when the connection came back); seeing it come back clears `stale`.
	 */
	#staleId: string | null = null;
	/** whether this phone held the pen when last said (live/saved.ts, for the group's sync) */
	#penSaid: boolean | null = null;
	/** entries the server lost, and what this phone does until they are back (gap.ts) */
	readonly #gap = new Gap();
	/** told when the server refuses this phone's credential now (a revoked table, slot.svelte.ts) */
	#whenClosed: () => void = () => {};

	/** What waits to be sent, counted as it will be sent: one entry a step (sync.ts). */
	#recount() {
		const table = this.table;
		const count =
			table && !this.conflict && this.pending
				? stepsToSend(table.actions, this.port.read().actions).length
				: 0;
		this.waiting.update(count, this.online !== 'online');
	}

	/** Told once, if the server refuses this phone's credential while it follows the table. */
	whenClosed(callback: () => void) {
		this.#whenClosed = callback;
	}

	/**
	 * Starts following. `begin`: this phone starts the match live (it holds the pen): the start
	 * entry and the log so far go first.
	 */
	async open(starting: boolean) {
		this.channel.onStatus((status) => {
			if (this.#closed) return;
			this.online = status;
			if (status === 'revoked') return this.#whenClosed();
			this.#recount();
			if (status === 'online') void this.#reconcile();
		});
		if (!this.ident.reader) {
			this.channel.onHere((by) => {
				if (this.table && by === this.table.pen.by) this.lastHere = Date.now();
			});
			this.channel.onAsk((by, name, key) => {
				if (this.penIsMine && by !== this.ident.by) this.asking = { by, name, key };
			});
		}
		this.#timers.push(
			setInterval(() => {
				this.now = Date.now();
				if (this.penIsMine && this.online === 'online')
					void this.channel.sayHere(this.ident.by, this.ident.signer);
			}, HERE_EVERY_MS)
		);
		this.channel.onShorter(() => this.#lostEntries());
		if (starting) await this.#start();
		void this.channel.follow(1, (seq, bytes, pending) => this.#receive(seq, bytes, pending));
	}

	async #start() {
		const start = await this.#signed(startOf(this.port.read(), this.ident));
		const answer = await this.channel.append(writeEntry(start));
		if (!answer.ok) return; // already live (a reload): following tells the rest
		const verdict = begin(start, answer.seq, this.rulesOf);
		if (verdict.kind === 'applied') {
			this.table = verdict.live;
			this.caughtUp = true;
			await this.#reconcile();
		}
	}

	/**
	 * The server came back without entries this phone had read (docs/live.md, "Durability"): the
	 * table is read again from its first entry; "another phone entered first" was the gap.
	 */
	#lostEntries() {
		this.#gap.lost(this.table?.entries.length ?? 0);
		[this.table, this.caughtUp, this.#inFlight] = [null, false, null];
		[this.stale, this.#staleId] = [false, null];
	}

	async #receive(seq: number, bytes: Uint8Array, pending: number) {
		if (this.#closed) return;
		const read = await readSigned(bytes);
		if (!read.ok) {
			this.refused = { why: read.why, at: seq };
		} else {
			const verdict = this.table
				? accept(this.table, read.entry, seq)
				: begin(read.entry, seq, this.rulesOf);
			if (this.#gap.readAgainFor(verdict, seq)) {
				this.#lostEntries();
				return this.channel.readAgain();
			}
			if (verdict.kind === 'applied' || verdict.kind === 'known') {
				const holder = this.table?.pen.by;
				this.table = verdict.live;
				// the pen moved (to this phone or another): an ask made before is answered
				if (holder !== undefined && holder !== verdict.live.pen.by) this.asked = false;
				if (read.entry.change.kind === 'pen' && verdict.kind === 'applied') this.penAt = Date.now();
				if (read.entry.id === this.#staleId) [this.stale, this.#staleId] = [false, null];
				this.#sayPen();
			} else if (verdict.kind === 'conflict') {
				// two entries at one position on the server: shown, never picked
				this.conflict = {
					here: this.table?.actions.length ?? 0,
					table: this.table?.actions.length ?? 0
				};
			} else {
				const reason = verdict.refusal?.code;
				this.refused = reason
					? { why: verdict.why, reason, at: seq }
					: { why: verdict.why, at: seq };
			}
		}
		if (this.conflict && this.table) {
			// both versions as they stand now: the table may go on meanwhile
			this.conflict = { here: this.port.read().actions.length, table: this.table.actions.length };
		}
		if (pending === 0) this.caughtUp = true;
		this.#recount();
		if (this.caughtUp) await this.#reconcile();
	}

	/**
	 * Every entry, this phone's own too, comes back through the reader: where the pen is now is
	 * kept for the group's sync, which sends a group's live match from the pen phone only
	 * (docs/group.md).
	 */
	#sayPen() {
		if (!this.table || this.ident.reader) return;
		const mine = this.penIsMine;
		if (mine === this.#penSaid) return;
		this.#penSaid = mine;
		void this.port.sayPen(mine).catch(() => {});
	}

	/** Called after this phone's match changed (an entry, undo or edit committed here). */
	changed() {
		this.#recount();
		void this.#reconcile();
	}

	readonly #looks = new OneLook(() => this.#reconcileNow());
	/** One look at a time: a write here or a send must end before the next look. */
	#reconcile(): Promise<void> {
		return this.#closed ? Promise.resolve() : this.#looks.ask();
	}

	async #reconcileNow() {
		const table = this.table;
		if (this.#closed || !table || !this.caughtUp || this.conflict) return;
		this.#recount();
		const here = this.port.read().actions;
		if (relate(here, table.actions).kind === 'same') {
			this.#gap.whole();
			await this.port.setSynced(key(here));
			// the notice that another phone got there first stays until this phone writes
			// again: the entry that beat ours is what made the logs agree
			if (this.penIsMine) [this.stale, this.#staleId] = [false, null];
			return;
		}
		// the server lost entries: a follower keeps its own meanwhile; for the pen phone, what it
		// holds past the server's end is its own again, sent in order below (gap.ts)
		const gap = this.#gap.look(table.entries.length, this.penIsMine);
		if (gap === 'wait') return;
		if (gap === 'send-again') await this.port.setSynced(key(table.actions));
		// entries made on this phone since it last agreed with the table (the phone that starts
		// a match live has agreed with nobody yet: its log is its own)
		const agreed = await this.port.synced();
		const own = agreed === null ? here.length > 0 : agreed !== key(here);
		if (!own) {
			// the table moved on: every phone takes what it has
			if (await this.port.write(table)) await this.port.setSynced(key(table.actions));
			// the log here was busy or moved meanwhile: look again in a moment
			else setTimeout(() => void this.#reconcile(), 300);
			return;
		}
		// the pen phone sends its own entries, in order, each step as its own entry: the next
		// look, after this one's answer, sends the next
		if (this.penIsMine) {
			const step = await nextStep(this.port, table, here);
			const before = step?.refused;
			// refused before this start: said again, and not sent again blind (docs/live.md)
			if (before?.held === held(here, table) && this.#heldBack !== before.held)
				[this.#heldBack, this.rejected] = [before.held, rejectionOf(before as Rejected)];
			if (this.#heldBack === held(here, table)) return;
			return this.#push(step);
		}
		// and someone else has the pen: both versions are shown, a person chooses
		this.conflict = { here: here.length, table: table.actions.length };
	}

	/** Sends one step after the table's last entry; one at a time, each after its answer. */
	async #push(step: Step | null) {
		if (!step || this.#pushing || this.ident.reader) return;
		const { change, seq } = step;
		const table = this.table;
		if (!table) return;
		this.#pushing = true;
		try {
			const entry =
				this.#inFlight && this.#inFlight.pos === table.entries.length
					? this.#inFlight
					: await this.#signed(nextEntry(table, change, this.ident.by, newId(), Date.now()));
			// never send what the other phones would refuse
			const checked = accept(table, entry, 0);
			if (checked.kind !== 'applied') {
				// an outbox step the table no longer fits: the logs' difference is sent instead
				if (seq !== undefined) await this.port.sent(seq, null);
				return;
			}
			this.#inFlight = entry;
			const answer = await this.channel.append(writeEntry(entry));
			if (answer.ok) {
				this.#inFlight = null;
				[this.rejected, this.#heldBack] = [null, null];
				const verdict = accept(this.table ?? table, entry, answer.seq);
				if (verdict.kind === 'applied' || verdict.kind === 'known') this.table = verdict.live;
				// the outbox's row goes with the log agreed on, in one transaction (db/links.ts)
				if (seq !== undefined) await this.port.sent(seq, key(checked.live.actions));
				[this.stale, this.#staleId] = [false, null];
				this.#recount();
			} else if (answer.why === 'moved') {
				// another phone's entry is there (or our own first try, stored when the server
				// came back): the reader brings it, then we look again; a server shorter than
				// this copy lost entries: read again from the start
				this.#inFlight = null;
				if ((answer.length ?? Infinity) < table.entries.length) {
					this.#lostEntries();
					return this.channel.readAgain();
				}
				[this.stale, this.#staleId] = [true, entry.id];
				return;
			} else if (answer.why === 'offline' || answer.why === 'slow-down') {
				// no answer: sent again (same id) once the connection is back, or now if it is;
				// the table's quota spent: sent again in a while
				const wait = answer.why === 'offline' ? 500 : SLOW_DOWN_MS;
				if (this.online === 'online') setTimeout(() => void this.#reconcile(), wait);
				if (answer.why === 'slow-down') this.rejected = { why: answer.why };
				return;
			} else {
				// refused: said on screen and kept here, never sent again blind
				this.#inFlight = null;
				this.#heldBack = held(this.port.read().actions, table);
				this.rejected = rejectionOf(answer);
				if (seq !== undefined)
					await this.port.refused(seq, { ...this.rejected, held: this.#heldBack });
				return;
			}
		} finally {
			this.#pushing = false;
		}
		void this.#reconcile();
	}

	/** "Take the pen" (as `name`'s phone): at once when the holder has been silent, else ask it. */
	async takePen(name = this.ident.name) {
		if (!this.table || this.penIsMine || this.ident.reader) return;
		// a new try: the word that the last one lost goes
		[this.stale, this.#staleId] = [false, null];
		this.ident = { ...this.ident, name };
		if (this.holderSilent) {
			await this.#takeNow();
		} else {
			this.channel.ask(this.ident.by, this.ident.name, this.ident.signer?.key);
			this.asked = true;
			// unanswered, and the holder falls silent: taken then
			const check = setInterval(() => {
				if (!this.asked || this.penIsMine) return clearInterval(check);
				if (this.holderSilent) {
					clearInterval(check);
					void this.#takeNow();
				}
			}, 1_000);
			this.#timers.push(check);
		}
	}

	async #takeNow() {
		this.asked = false;
		await this.#pushPen(this.ident.by, this.ident.name, this.ident.signer?.key);
	}

	/** The pen phone gives the pen to the phone that asked. */
	async givePen() {
		const to = this.asking;
		if (!to || !this.penIsMine) return;
		this.asking = null;
		await this.#pushPen(to.by, to.name, to.key);
	}

	async #pushPen(to: string, name: string, key?: string) {
		const table = this.table;
		if (!table) return;
		const change: Change = key ? { kind: 'pen', to, name, key } : { kind: 'pen', to, name };
		const entry = await this.#signed(nextEntry(table, change, this.ident.by, newId(), Date.now()));
		const answer = await this.channel.append(writeEntry(entry));
		if (answer.ok) {
			const verdict = accept(this.table ?? table, entry, answer.seq);
			if (verdict.kind === 'applied' || verdict.kind === 'known') this.table = verdict.live;
			[this.stale, this.#staleId] = [false, null];
		} else if (answer.why === 'moved') [this.stale, this.#staleId] = [true, entry.id];
		else if (answer.why !== 'offline') {
			this.rejected = { why: answer.why };
			// the keeper heard the holder within the pen's silence (docs/live.md, "The pen"):
			// this screen counts it as heard now, so the next "Take the pen" asks
			if (answer.why === 'pen-held') this.lastHere = Date.now();
		}
	}

	/** The entry with this phone's key and signature (docs/live.md, "Who writes: the keeper"). */
	#signed(entry: Entry): Promise<Entry> {
		return this.ident.signer ? signed(entry, this.ident.signer) : Promise.resolve(entry);
	}

	/** The person chose: this match follows the table; this phone's own entries are kept apart. */
	async followTable() {
		if (!this.table) return;
		await this.port.keepApart();
		if (!(await this.port.write(this.table))) return;
		await this.port.setSynced(key(this.table.actions));
		[this.conflict, this.stale, this.#staleId] = [null, false, null];
	}

	dismiss(what: 'refused' | 'rejected') {
		this[what] = null;
	}

	async close() {
		this.#closed = true;
		this.waiting.stop();
		for (const timer of this.#timers) clearInterval(timer);
		await this.channel.close();
	}
}
