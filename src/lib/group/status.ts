/**
 * What the group's card says of one group's sync (docs/group.md, "On the phone"): online or
 * not, caught up or how far, what waits to be sent, conflicts, the messages refused here (kept
 * on the group's row, so they are said again after a reload), the server's own refusal and
 * the members. Its listeners are told on each change; the sync's parts only set it.
 */
import { Dexie } from 'dexie';
import type { PasspadDb } from '$lib/db/db';
import type { RefusedNote } from '$lib/db/schema';
import { keepRefused, refusedOf, withNote } from '$lib/db/refused';
import { pendingCount } from '$lib/db/group/outbox';
import type { MemberRecord } from '$lib/wire/provision';
import { CatchUpCount, throttled, type CatchUp } from './progress';
import type { Sent } from './entries';

export type Online = 'online' | 'offline';

/** A message of the group refused here: worded on the group's page, kept (db/refused.ts). */
export type { RefusedNote };

/** How a match's entries last went (entries.ts `Sent`), for the group's page to word. */
export interface EntriesNote {
	readonly match: string;
	readonly sent: Sent;
}

export interface SyncStatus {
	readonly online: Online;
	/** the whole record has been read once since the start */
	readonly caughtUp: boolean;
	/** until then, how far (progress.ts): null before the first version comes */
	readonly catchingUp: CatchUp | null;
	/** versions written here and not yet acknowledged */
	readonly pending: number;
	readonly conflicts: number;
	readonly refused: readonly RefusedNote[];
	/** the server refused this phone's credential or a write (a removed member): why, as it said */
	readonly denied: string | null;
	/**
	 * the group's members as the server wrote them (removed ones included, marked), each the
	 * newest record, with the wire each key reads: what the group's switch folds (switch.ts)
	 */
	readonly members: readonly MemberRecord[];
	/**
	 * how each match's entries last went (docs/group.md, "On the phone: what leaves"): a
	 * refusal or a conflict is said on the group's page until the match goes again, after a
	 * reload too (entries-kept.ts)
	 */
	readonly entries: readonly EntriesNote[];
}

export class StatusBoard {
	online: Online;
	/** the server refused this phone (docs/group.md, "Removing"): nothing more is sent */
	denied: string | null = null;
	#caughtUp = false;
	#caughtUpWaiters: (() => void)[] = [];
	readonly catchUp = new CatchUpCount();
	/** each batch taken moves the figure; the card is told a few times a second at most */
	readonly showCatchUp = throttled(() => this.emit());
	#pending = 0;
	#conflicts = 0;
	#refused: RefusedNote[] = [];
	/** the notes being written to the group's row, in order */
	#keeping: Promise<void> = Promise.resolve();
	#members = new Map<string, MemberRecord>();
	#entries: readonly EntriesNote[] = [];
	#listeners = new Set<(status: SyncStatus) => void>();

	constructor(
		private readonly db: PasspadDb,
		private readonly group: string,
		online: Online
	) {
		this.online = online;
	}

	get caughtUp(): boolean {
		return this.#caughtUp;
	}

	get status(): SyncStatus {
		return {
			online: this.online,
			caughtUp: this.#caughtUp,
			catchingUp: this.#caughtUp ? null : this.catchUp.figure,
			pending: this.#pending,
			conflicts: this.#conflicts,
			refused: this.#refused,
			denied: this.denied,
			members: [...this.#members.values()],
			entries: this.#entries
		};
	}

	onStatus(listener: (status: SyncStatus) => void): () => void {
		this.#listeners.add(listener);
		listener(this.status);
		return () => this.#listeners.delete(listener);
	}

	emit() {
		const status = this.status;
		for (const listener of this.#listeners) listener(status);
	}

	/** Resolves once the whole record has been read (at once when it has). */
	whenCaughtUp(): Promise<void> {
		if (this.#caughtUp) return Promise.resolve();
		return new Promise((done) => this.#caughtUpWaiters.push(done));
	}

	/** The whole record has been read once. */
	reached() {
		if (this.#caughtUp) return;
		this.#caughtUp = true;
		this.showCatchUp.cancel();
		for (const done of this.#caughtUpWaiters.splice(0)) done();
		this.emit();
	}

	/** What waits to be sent and what is in conflict, counted again from the database. */
	async refresh() {
		this.#pending = await pendingCount(this.db, this.group);
		this.#conflicts = await this.db.conflicts.where('group').equals(this.group).count();
		this.emit();
	}

	/**
	 * A refusal said now and kept on the group's row, so the page says it after a reload: the
	 * refused sequence is passed over and never read again. Written in its own transaction,
	 * after whatever transaction the message was taken in (one per sequence: taken again, said once).
	 */
	refuse(note: RefusedNote) {
		this.#refused = withNote(this.#refused, note);
		this.#keeping = this.#keeping
			.then(() => Dexie.ignoreTransaction(() => keepRefused(this.db, this.group, note)))
			.catch(() => {});
	}

	/** The notes kept before this start, with any said since. */
	async loadRefused() {
		const kept = await refusedOf(this.db, this.group).catch(() => []);
		this.#refused = kept.reduce(withNote, this.#refused);
		if (kept.length > 0) this.emit();
	}

	/** A member's newest record (the member list read on its own may bring an older one after). */
	member(record: MemberRecord) {
		if ((this.#members.get(record.user)?.at ?? -1) > record.at) return;
		this.#members.set(record.user, record);
		this.emit();
	}

	/** How each match's entries last went (the sync's `entriesSent`), told when it changed. */
	entriesSent(sent: ReadonlyMap<string, Sent>) {
		const notes = [...sent].map(([match, one]) => ({ match, sent: one }));
		if (JSON.stringify(notes) === JSON.stringify(this.#entries)) return;
		this.#entries = notes;
		this.emit();
	}

	/** Stops telling the figure; resolves once the refusals are kept. */
	async stop() {
		this.showCatchUp.cancel();
		await this.#keeping;
	}
}
