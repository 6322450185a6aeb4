/**
 * A match screen's live play, without the NATS client until it is needed: whether this match
 * is live here, "Play live" (when this phone holds a host credential, the match belongs to a
 * group this phone is a member of, or the page's server opens tables for any phone: open.ts),
 * and the LiveTable once connected (start.ts, imported dynamically).
 */
import type { MatchRow } from '$lib/db/schema';
import type { MatchSession } from '$lib/match/session.svelte';
import { groupSeatOf, type GroupSeat } from './group-seat';
import { savedHost, savedLive, saveLive, type SavedLive } from './saved';
import type { LiveTable } from './table.svelte';
import { refusedCredential, whyRefused, type LinkRefusal } from './refusal';
import { askOpenTable, serverIsOpen, type OpenRefusal } from './open';

export class LiveSlot {
	readonly #session: MatchSession;
	saved = $state.raw<SavedLive | null>(null);
	table = $state.raw<LiveTable | null>(null);
	busy = $state(false);
	failed = $state(false);
	canStart = $state(false);
	/** "Play live" opens a table any phone may open here (docs/live.md, "Open tables") */
	openServer = $state(false);
	/** why the open server opened no table now; null: it did, or it was not asked */
	openRefused = $state<OpenRefusal | null>(null);
	/**
	 * The server refused this match's link, which it took before: its host closed the table, or
	 * (the server's registry lost) it no longer knows it. Live play stopped here; null: neither.
	 */
	closed = $state<LinkRefusal | null>(null);
	/** this phone's credential in the match's group: its table is the group's (docs/group.md) */
	#seat: GroupSeat | null = null;
	/** closing the group's table for its board now */
	#closing = false;
	#unsubscribe: () => void = () => {};
	/**
	 * The screen is gone: a table still connecting then is closed at once. A table left
	 * listening would go on writing this match's synced key beside the next screen's.
	 */
	#closed = false;
	/** connecting now: a second look (the screen's effect again) waits for the first */
	#connecting: Promise<void> | null = null;

	/** what this phone keeps of the match's live play, read once from IndexedDB (saved.ts) */
	readonly #loaded: Promise<void>;

	constructor(session: MatchSession) {
		this.#session = session;
		this.#loaded = this.#load();
		void this.#findSeat();
	}

	/** Whether the page's server opens tables for any phone (`--open`): then "Play live" is here. */
	async #askOpen() {
		if (!(await serverIsOpen()) || this.#closed) return;
		this.openServer = true;
		this.canStart = true;
	}

	/** A table any phone may open, asked of the page's server (open.ts); null: refused, said. */
	async #openTable(name: string): Promise<SavedLive | null> {
		const made = await askOpenTable();
		if (!made.ok) {
			this.openRefused = made.error;
			// the server no longer opens tables for any phone: the offer goes
			if (made.error === 'not-open') this.canStart = this.openServer = false;
			return null;
		}
		const { table, writer, reader } = made.value;
		const id = this.#session.match.id;
		return {
			link: { t: table, m: id, u: writer.user, p: writer.pass, r: 'w' },
			readers: { t: table, m: id, u: reader.user, p: reader.pass, r: 'r' },
			name
		};
	}

	async #load() {
		const [saved, host] = await Promise.all([
			savedLive(this.#session.match.id).catch(() => null),
			savedHost().catch(() => null)
		]);
		// "Play live" pressed meanwhile: its link is the one
		this.saved ??= saved;
		if (host) this.canStart = true;
		// no host link and no table kept here: the server may open one for any phone (`--open`)
		if (!this.canStart && !this.saved) void this.#askOpen();
	}

	async #findSeat() {
		const seat = await groupSeatOf(this.#session.match).catch(() => null);
		if (this.#closed || !seat) return;
		this.#seat = seat;
		this.canStart = true;
		// a match that ended while its screen was closed: the board's card goes now
		this.#ended(this.#session.match, false);
	}

	/** Whether entries are this phone's to make: not while another phone has the pen. */
	get gated(): boolean {
		const table = this.table;
		if (this.saved && !table) return this.saved.link.r === 'r';
		return !!table && (!table.penIsMine || !!table.conflict);
	}

	/** Connects a match that is live here (on opening its screen). */
	async resume() {
		await this.#loaded;
		if (!this.saved || this.table || this.#closed) return;
		this.#connecting ??= this.#connect(this.saved, false).finally(() => (this.#connecting = null));
		await this.#connecting;
	}

	/** "Play live": a new table on the server, this phone holding the pen. */
	async start(name: string) {
		const host = await savedHost().catch(() => null);
		const seat = this.#seat;
		if ((!host && !seat && !this.openServer) || this.busy) return;
		this.busy = true;
		this.failed = false;
		this.openRefused = null;
		try {
			const match = this.#session.match;
			const { openTable, openGroupLiveTable } = await import('./start');
			// a group's match: a table of the group, with this phone's member credential
			const saved = seat
				? await openGroupLiveTable(
						seat,
						{ id: match.id, game: match.game, names: match.seats.map((one) => one.name) },
						name
					)
				: host
					? await openTable(host, match.id, name)
					: // neither host link nor group: a table any phone may open, within the server's limits
						await this.#openTable(name);
			if (!saved) return;
			await saveLive(this.#session.match.id, saved);
			this.saved = saved;
			await this.#connect(saved, true);
		} catch {
			this.failed = true;
		} finally {
			this.busy = false;
		}
	}

	async #connect(saved: SavedLive, starting: boolean) {
		const session = this.#session;
		try {
			const { connect } = await import('./start');
			const game = session.ui.game;
			const { table } = await connect(saved, session, starting, (id) =>
				id === session.match.game ? game : undefined
			);
			if (this.#closed) return void (await table.close());
			this.table = table;
			table.whenClosed(() => void this.#refused(saved));
			// every change committed here (not what came from the table) is the pen's to send
			this.#unsubscribe = session.store.subscribe((change) => {
				if (change.origin !== 'live') table.changed();
				// entered here or at the table: a group's match that ended leaves its board
				this.#ended(change.match, change.kind === 'delete');
			});
		} catch (error) {
			// a link this phone kept worked before: refused now, live play stops here
			if (refusedCredential(error)) return void (await this.#refused(saved));
			this.failed = true;
		}
	}

	/**
	 * The server refuses the link it took before: its host closed the table (`revoke`, asked of
	 * the server, docs/live.md, "What a phone says"), or it no longer knows it. Said here, and
	 * live play stops for good: the link is forgotten (no retry, nothing sent), the match stays
	 * this phone's.
	 */
	async #refused(saved: SavedLive) {
		if (this.#closed || this.saved !== saved) return;
		this.#unsubscribe();
		this.#session.store.setGate(null);
		await this.table?.close();
		this.table = null;
		await saveLive(this.#session.match.id, null).catch(() => {});
		this.saved = null;
		this.closed = await whyRefused(saved.link);
	}

	/**
	 * The store's gate follows the pen: while another phone has it, entries here are refused
	 * ('not-pen'); a follower's credential makes the match read-only here.
	 */
	gate() {
		const gated = this.gated;
		const reader = this.saved?.link.r === 'r';
		this.#session.store.setGate(gated ? { code: 'not-pen', readOnly: reader } : null);
	}

	/** A group's match finished, abandoned, handed over or deleted: its board stops showing it. */
	#ended(match: MatchRow, deleted: boolean) {
		if (deleted || match.status !== 'active') void this.#closeForBoard();
	}

	/**
	 * The group's board stops showing this table (docs/group.md, "Requests": `close`); the
	 * table's phones go on following it. Asked again at the next change or opening if the server
	 * could not be reached.
	 */
	async #closeForBoard() {
		const saved = this.saved;
		const seat = this.#seat;
		if (!saved?.group || !seat || seat.g !== saved.group || this.#closing) return;
		this.#closing = true;
		try {
			const { closeGroupLiveTable } = await import('./start');
			const closed = await closeGroupLiveTable(seat, saved.link.t);
			if (!closed.ok || this.saved !== saved) return;
			const { group: _, ...rest } = saved;
			await saveLive(this.#session.match.id, rest);
			this.saved = rest;
		} catch {
			// no answer: the next change or opening asks again
		} finally {
			this.#closing = false;
		}
	}

	async stop() {
		// live play stops here: the group's board stops showing the table too
		void this.#closeForBoard();
		this.#unsubscribe();
		this.#session.store.setGate(null);
		await this.table?.close();
		this.table = null;
		await saveLive(this.#session.match.id, null).catch(() => {});
		this.saved = null;
	}

	async close() {
		this.#closed = true;
		this.#unsubscribe();
		await this.table?.close();
	}
}
