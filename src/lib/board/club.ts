/**
 * The club on the board (docs/evening.md, "The board"; docs/ratings.md, "Where it shows"): what
 * the board reads of the group's record, kept in memory only: the group's ratings switch, its
 * players' names (and merges), and its matches as the ratings read them, each version proven
 * through its rules (group/record.ts) before it counts, as on every member's phone. A match of
 * no evening is proven only once the group rates its record. Pure: no network.
 */
import { proveMatch, type KeptMatch, type Version } from '$lib/group/record';
import type { RatedMatch } from '$lib/ratings/rate';
import { EveningMatches } from './evening';

export class ClubRecord {
	/** the group's ratings switch, as its `settings` version says (off while none is read) */
	ratings = false;
	readonly evenings = new EveningMatches();
	readonly #names = new Map<string, string>();
	readonly #merged = new Map<string, string>();
	/** each match's newest version: proven (a rated match, or null: it counts nothing) */
	readonly #rated = new Map<string, RatedMatch | null>();
	/** versions not proven yet: the group does not rate its record */
	readonly #waiting = new Map<string, KeptMatch>();

	/** A version read; whether it moved what the board shows. */
	take(version: Version): boolean {
		if (version.kind === 'settings') {
			const moved = this.ratings !== version.ratings;
			this.ratings = version.ratings;
			return moved;
		}
		if (version.kind === 'player') {
			this.#names.set(version.id, version.name);
			if (version.mergedInto) this.#merged.set(version.id, version.mergedInto);
			else this.#merged.delete(version.id);
			return this.ratings;
		}
		if (version.kind !== 'match') return false;
		const evening = this.evenings.take(version);
		this.#rated.delete(version.id);
		this.#waiting.delete(version.id);
		if (!version.deleted) {
			for (const seat of version.seats)
				if (!this.#names.has(seat.player)) this.#names.set(seat.player, seat.name);
			this.#waiting.set(version.id, version);
		}
		return evening || this.ratings;
	}

	/** The player a seat names, through the group's merges (a few steps deep). */
	#playerOf(id: string): string {
		let current = id;
		for (let step = 0; step < 8 && this.#merged.has(current); step++)
			current = this.#merged.get(current)!;
		return current;
	}

	nameOf(id: string): string {
		return this.#names.get(id) ?? '';
	}

	/** The group's matches as the ratings read them, each proven once. */
	rated(): RatedMatch[] {
		for (const [id, version] of this.#waiting) {
			const proof = proveMatch(version);
			const match = proof.ok ? proof.match : null;
			this.#rated.set(
				id,
				match && {
					id,
					game: match.game,
					createdAt: match.createdAt,
					status: match.status,
					playerIds: match.seats.map((seat) => seat.playerId),
					result: match.result
				}
			);
		}
		this.#waiting.clear();
		const rated: RatedMatch[] = [];
		for (const match of this.#rated.values()) {
			if (match)
				rated.push({ ...match, playerIds: match.playerIds.map((id) => this.#playerOf(id)) });
		}
		return rated;
	}
}
