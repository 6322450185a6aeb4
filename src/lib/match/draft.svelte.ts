import { getValue, setValue } from '$lib/db';

/**
 * A score pad's work in progress: what a person typed for a round (deal, game) not entered
 * yet. It is this device's, not the record (docs/architecture.md, "Score pad or referee"): kept
 * in the settings table, one row per match (`draft:<match id>`), like an unsaved entry
 * (kept.ts), with the log's length it was typed on. A log that moved since (the round entered
 * here or elsewhere, an undo) makes it stale: it is not offered again.
 */
interface Stored {
	readonly length: number;
	readonly value: unknown;
}

export class PadDraft {
	readonly #key: string;
	/** a value not yet written: undefined when storage holds what was asked last */
	#pending: { value: Stored | null } | undefined;
	#writing = false;

	constructor(matchId: string) {
		this.#key = `draft:${matchId}`;
	}

	/** What was typed on a log of this length, if anything (unread or unreadable: nothing). */
	async load(length: number): Promise<unknown> {
		try {
			const stored = await getValue<Stored | null>(this.#key, null);
			if (!stored || typeof stored !== 'object' || stored.length !== length) return null;
			return stored.value ?? null;
		} catch {
			return null;
		}
	}

	/** Keeps what is typed on a log of this length; null: nothing typed (the row is emptied). */
	keep(length: number, value: unknown): void {
		this.#pending = { value: value === null ? null : { length, value } };
		this.#flush();
	}

	/** One write at a time, the newest last; best effort (a refused write is not retried). */
	#flush(): void {
		if (!this.#pending || this.#writing) return;
		const { value } = this.#pending;
		this.#pending = undefined;
		this.#writing = true;
		setValue(this.#key, value)
			.catch(() => {})
			.finally(() => {
				this.#writing = false;
				this.#flush();
			});
	}
}

/**
 * Keeps a score pad's fields across navigation and reload (the pad's session, one match:
 * `session`), `read` gives what is typed now
 * (null when nothing is), `restore` puts back what a `check` of the stored value accepts (the
 * settings row is never trusted blindly). Called while a ScorePad component initialises.
 */
export function keepDraft<T>(
	session: () => { readonly match: { readonly id: string }; readonly actions: readonly unknown[] },
	read: () => T | null,
	check: (value: unknown) => T | null,
	restore: (value: T) => void
): void {
	const draft = new PadDraft(session().match.id);
	let ready = $state(false);
	// typed before the stored draft was read: the newer word, kept over the stored one
	let typed = false;
	void draft.load(session().actions.length).then((stored) => {
		const value = check(stored);
		if (value !== null && !typed) restore(value);
		ready = true;
	});
	$effect(() => {
		const length = session().actions.length;
		const value = $state.snapshot(read()) as T | null;
		if (!ready) {
			typed ||= value !== null;
			return;
		}
		draft.keep(length, value);
	});
}

/** A pad's figures as stored: `length` numbers, each typed (finite) or still empty (null). */
export function figures(value: unknown, length: number): (number | null)[] | null {
	if (!Array.isArray(value) || value.length !== length) return null;
	return value.every((at) => at === null || Number.isFinite(at)) ? value : null;
}

/** A seat of this table as stored, or undefined. */
export function seatOf(value: unknown, players: number): number | undefined {
	return Number.isInteger(value) && (value as number) >= 0 && (value as number) < players
		? (value as number)
		: undefined;
}
