/**
 * The club on the board (docs/evening.md, "The board"; docs/ratings.md, "Where it shows"): what
 * the board reads of the group's record, kept in memory only: the group's ratings switch, its
 * players' names (and merges), and its matches as the ratings read them, each version proven
 * through its rules (group/record.ts) before it counts, as on every member's phone. While the
 * group does not rate its record, a match of no evening is passed over (a TV holds no 10,000
 * logs for nothing); should the switch then come on, the board reads the record again
 * (`reread`). Pure: no network.
 */
import { proveMatch, type Version } from '$lib/group/record';
import type { RatedMatch } from '$lib/ratings/rate';
import type { EveningVersion } from '$lib/group/club-record';
import { EveningMatches } from './evening';

export class ClubRecord {
	/** the group's ratings switch, as its `settings` version says (off while none is read) */
	ratings = false;
	/** matches were passed over while the ratings were off, and they came on: read again */
	reread = false;
	readonly evenings = new EveningMatches();
	/** each evening's definition, as the group's newest version says it */
	readonly #definitions = new Map<string, EveningVersion>();
	readonly #names = new Map<string, string>();
	readonly #merged = new Map<string, string>();
	/** each match's newest version, proven: the ratings read it (none: it counts nothing) */
	readonly #rated = new Map<string, RatedMatch>();
	#passedOver = false;

	/** A version read; whether it moved what the board shows. */
	take(version: Version): boolean {
		if (version.kind === 'settings') {
			const moved = this.ratings !== version.ratings;
			this.ratings = version.ratings;
			if (this.ratings && this.#passedOver) {
				this.reread = true;
				this.#passedOver = false;
			}
			return moved;
		}
		if (version.kind === 'evening') {
			this.#definitions.set(version.id, version);
			return true;
		}
		if (version.kind === 'player') {
			this.#names.set(version.id, version.name);
			if (version.mergedInto) this.#merged.set(version.id, version.mergedInto);
			else this.#merged.delete(version.id);
			return this.ratings;
		}
		if (version.kind !== 'match') return false;
		const evening = this.evenings.take(version);
		const had = this.#rated.delete(version.id);
		if (version.deleted) return evening || had;
		for (const seat of version.seats)
			if (!this.#names.has(seat.player)) this.#names.set(seat.player, seat.name);
		if (!this.ratings) {
			this.#passedOver = true;
			return evening;
		}
		const proof = proveMatch(version);
		if (proof.ok) {
			const match = proof.match;
			this.#rated.set(version.id, {
				id: version.id,
				game: match.game,
				createdAt: match.createdAt,
				status: match.status,
				playerIds: match.seats.map((seat) => seat.playerId),
				result: match.result
			});
		}
		return true;
	}

	/** Tonight's evening: the one started last, as its definition says it (none: no evening). */
	tonight(): EveningVersion | null {
		let newest: EveningVersion | null = null;
		for (const one of this.#definitions.values())
			if (!newest || one.createdAt > newest.createdAt) newest = one;
		return newest;
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

	/** The group's proven matches as the ratings read them, merged players as the one kept. */
	rated(): RatedMatch[] {
		return [...this.#rated.values()].map((match) => ({
			...match,
			playerIds: match.playerIds.map((id) => this.#playerOf(id))
		}));
	}
}
