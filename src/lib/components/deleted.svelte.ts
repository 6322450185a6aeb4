import type { RemovedMatch } from '$lib/db/matches';
import { MatchStore } from '$lib/match/store';

/** How long Undo is offered after a match is deleted: a few seconds, then it is gone for good. */
export const UNDO_MS = 10_000;

/**
 * The match deleted last, kept in memory (its row and its whole log) while Undo is offered.
 * One at a time: deleting another forgets the first. The match screen deletes and leaves for
 * history, which offers Undo (DeletedNotice).
 */
class RecentlyDeleted {
	#removed = $state.raw<RemovedMatch | null>(null);
	#timer: ReturnType<typeof setTimeout> | undefined;

	get removed(): RemovedMatch | null {
		return this.#removed;
	}

	keep(removed: RemovedMatch): void {
		clearTimeout(this.#timer);
		this.#removed = removed;
		this.#timer = setTimeout(() => this.forget(), UNDO_MS);
	}

	forget(): void {
		clearTimeout(this.#timer);
		this.#removed = null;
	}

	/** Writes the match back whole; the rows stay in memory if that fails, to try again. */
	async undo(): Promise<RemovedMatch | null> {
		const removed = this.#removed;
		if (!removed) return null;
		await MatchStore.restore(removed);
		this.forget();
		return removed;
	}
}

export const recentlyDeleted = new RecentlyDeleted();
