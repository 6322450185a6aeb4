import { database, getValue, setValue, type PasspadDb } from '$lib/db';
import type { Unsaved } from './entries';

const KINDS = ['act', 'undo', 'redo', 'edit'];
const PROBLEMS = ['quota', 'unavailable', 'conflict', 'other'];

/** A stored entry as this code wrote it, or nothing: the settings row is never trusted blindly. */
function asUnsaved(value: unknown): Unsaved | null {
	const kept = value as Partial<Unsaved> | null;
	if (!kept || typeof kept !== 'object') return null;
	if (!KINDS.includes(kept.kind as string) || !PROBLEMS.includes(kept.problem as string)) {
		return null;
	}
	if (typeof kept.description !== 'string' || !('action' in kept)) return null;
	if (kept.seat !== null && typeof kept.seat !== 'number') return null;
	return kept as Unsaved;
}

/**
 * The entry a match could not save, kept in the settings table (one row per match) so that a
 * reload still offers Try again and Discard (docs/architecture.md, "The store"). Best effort:
 * when storage refuses that small write too, it is tried again at the store's next change;
 * storage refusing every write until the page goes leaves nothing to keep it in.
 */
export class KeptEntry {
	readonly #key: string;
	/** a value not yet written: undefined when storage holds what the store holds */
	#pending: { value: Unsaved | null } | undefined;
	#writing = false;

	readonly #db: PasspadDb;

	constructor(matchId: string, db: PasspadDb = database()) {
		this.#key = `unsaved:${matchId}`;
		this.#db = db;
	}

	/** The entry kept by an earlier visit, if any. */
	async load(): Promise<Unsaved | null> {
		try {
			return asUnsaved(await getValue<unknown>(this.#key, null, this.#db));
		} catch {
			return null;
		}
	}

	/** Keeps this entry (null: none). */
	keep(value: Unsaved | null): void {
		this.#pending = { value };
		this.flush();
	}

	/** Writes what is pending, if anything; a failure leaves it pending. */
	flush(): void {
		if (!this.#pending || this.#writing) return;
		const pending = this.#pending;
		this.#pending = undefined;
		this.#writing = true;
		setValue(this.#key, pending.value, this.#db)
			.catch(() => {
				this.#pending ??= pending;
			})
			.finally(() => {
				this.#writing = false;
				// a newer value asked for while this one was written
				if (this.#pending && this.#pending !== pending) this.flush();
			});
	}
}
