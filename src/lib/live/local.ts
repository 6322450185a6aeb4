/**
 * This phone's match as the live table reads and writes it, through the match's store and its
 * sync port (docs/architecture.md, "The sync port"): the table's log received at the length it
 * was made on; a match new here taken like a hand-over (its proof replays every action).
 */
import { loadLog } from '$lib/db';
import { planTakeOver, takeOver } from '$lib/db/handover';
import type { HandedMatch } from '$lib/share/handover';
import type { MatchSession } from '$lib/match/session.svelte';
import type { LiveMatch } from './replay';
import type { LocalMatch, LocalPort } from './table.svelte';
import { savePen, saveSynced, savedSynced } from './saved';
import { database, type PasspadDb } from '$lib/db/db';
import { refuseSend, sendDone, sendsOf } from '$lib/db/links';
import type { SendRow } from '$lib/db/schema';
import { canonicalJson as key } from '$lib/wire/canonical';
import { shared } from './sync';
import { newId } from '$lib/wire/ids';

function handed(id: string, local: Omit<LocalMatch, 'id'>, at: number): HandedMatch {
	return {
		id,
		game: local.game,
		config: local.config,
		names: [...local.names],
		notes: '',
		playedMs: 0,
		playedByHand: false,
		createdAt: local.createdAt,
		log: local.actions.map((action) => ({ action, at }))
	};
}

const fromTable = (table: LiveMatch): LocalMatch => ({
	id: table.match,
	game: table.start.game,
	config: table.start.config,
	names: table.start.names,
	createdAt: table.start.createdAt,
	actions: table.actions
});

export class SessionPort implements LocalPort {
	readonly #id: string;
	readonly #db: PasspadDb;
	#session: MatchSession | null;
	#cache: LocalMatch | null = null;
	/** the log written last, until the session on screen has read it back */
	#written: readonly unknown[] | null = null;

	/** `db`: the phone's database, where its live state and outbox are (the app's own by default) */
	constructor(id: string, session: MatchSession | null, db: PasspadDb = database()) {
		this.#id = id;
		this.#session = session;
		this.#db = db;
	}

	read(): LocalMatch {
		const session = this.#session;
		if (session && this.#written) {
			// the session adopts a write a moment later (it watches the stored row): until then
			// the stored log is the one written
			if (key(session.actions) === key(this.#written)) this.#written = null;
			else return { ...this.read0(session), actions: this.#written };
		}
		if (session) {
			return {
				id: this.#id,
				game: session.match.game,
				config: session.match.config,
				names: session.match.seats.map((seat) => seat.name),
				createdAt: session.match.createdAt,
				actions: session.actions
			};
		}
		return (
			this.#cache ?? {
				id: this.#id,
				game: 'ill-pass',
				config: null,
				names: [],
				createdAt: 0,
				actions: []
			}
		);
	}

	private read0(session: MatchSession): LocalMatch {
		return {
			id: this.#id,
			game: session.match.game,
			config: session.match.config,
			names: session.match.seats.map((seat) => seat.name),
			createdAt: session.match.createdAt,
			actions: session.actions
		};
	}

	async write(table: LiveMatch): Promise<boolean> {
		const session = this.#session;
		if (session) {
			const here = this.read().actions;
			const common = shared(here, table.actions);
			const incoming =
				common === here.length && table.actions.length === here.length + 1
					? { append: table.actions[here.length] }
					: { actions: table.actions };
			// already proven by the live check (replay.ts); refused 'moved' if the log here moved
			const done = await session.store.receive(incoming as never, here.length);
			if (!done.ok) return false;
		} else if (!(await loadLog(this.#id).catch(() => null))) {
			try {
				const plan = await planTakeOver(handed(this.#id, fromTable(table), Date.now()));
				await takeOver(plan);
			} catch (error) {
				// two looks at once (the follow page's and the table's): the first one wrote it
				if (!(await loadLog(this.#id).catch(() => null))) throw error;
			}
		} else {
			return false; // a copy here already: its screen's store takes the table's log
		}
		this.#cache = fromTable(table);
		this.#written = table.actions;
		return true;
	}

	async keepApart(): Promise<string> {
		const id = newId();
		const plan = await planTakeOver(handed(id, this.read(), Date.now()));
		await takeOver(plan);
		return id;
	}

	synced(): Promise<string | null> {
		return savedSynced(this.#id, this.#db);
	}
	setSynced(key: string): Promise<void> {
		return saveSynced(this.#id, key, this.#db);
	}
	outbox(): Promise<readonly SendRow[]> {
		return sendsOf(this.#db, this.#id);
	}
	sent(seq: number, key: string | null): Promise<void> {
		return sendDone(this.#db, seq, this.#id, key);
	}
	refused(seq: number, refused: NonNullable<SendRow['refused']>): Promise<void> {
		return refuseSend(this.#db, seq, refused);
	}
	sayPen(mine: boolean): Promise<void> {
		return savePen(this.#id, mine, this.#db);
	}
}
