/**
 * A match screen's live play, without the NATS client until it is needed: whether this match
 * is live here, "Play live" (when this phone holds a host credential), and the LiveTable once
 * connected (start.ts, imported dynamically).
 */
import type { MatchSession } from '$lib/match/session.svelte';
import { savedHost, savedLive, saveLive, type SavedLive } from './saved';
import type { LiveTable } from './table.svelte';

export class LiveSlot {
	readonly #session: MatchSession;
	saved = $state.raw<SavedLive | null>(null);
	table = $state.raw<LiveTable | null>(null);
	busy = $state(false);
	failed = $state(false);
	readonly canStart: boolean;
	#unsubscribe: () => void = () => {};
	/**
	 * The screen is gone: a table still connecting then is closed at once. A table left
	 * listening would go on writing this match's synced key beside the next screen's.
	 */
	#closed = false;
	/** connecting now: a second look (the screen's effect again) waits for the first */
	#connecting: Promise<void> | null = null;

	constructor(session: MatchSession) {
		this.#session = session;
		this.saved = savedLive(session.match.id);
		this.canStart = !!savedHost();
	}

	/** Whether entries are this phone's to make: not while another phone has the pen. */
	get gated(): boolean {
		const table = this.table;
		if (this.saved && !table) return this.saved.link.r === 'r';
		return !!table && (!table.penIsMine || !!table.conflict);
	}

	/** Connects a match that is live here (on opening its screen). */
	async resume() {
		if (!this.saved || this.table || this.#closed) return;
		this.#connecting ??= this.#connect(this.saved, false).finally(() => (this.#connecting = null));
		await this.#connecting;
	}

	/** "Play live": a new table on the server, this phone holding the pen. */
	async start(name: string) {
		const host = savedHost();
		if (!host || this.busy) return;
		this.busy = true;
		this.failed = false;
		try {
			const { openTable } = await import('./start');
			const saved = await openTable(host, this.#session.match.id, name);
			saveLive(this.#session.match.id, saved);
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
			// every change committed here (not what came from the table) is the pen's to send
			this.#unsubscribe = session.store.subscribe((change) => {
				if (change.origin !== 'live') table.changed();
			});
		} catch {
			this.failed = true;
		}
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

	async stop() {
		this.#unsubscribe();
		this.#session.store.setGate(null);
		await this.table?.close();
		this.table = null;
		saveLive(this.#session.match.id, null);
		this.saved = null;
	}

	async close() {
		this.#closed = true;
		this.#unsubscribe();
		await this.table?.close();
	}
}
