/**
 * The evening's standings on the board (docs/evening.md, "The board"): from the group's match
 * versions the board reads, as every member's phone counts them. Only a match of an evening
 * is proven (replayed through its rules, group/record.ts): a version that fails counts nothing.
 * The evening shown is the one of the newest match started. Pure: no network.
 */
import { proveMatch, type Version } from '$lib/group/record';
import { eveningOf } from '$lib/evening/tag';
import { eveningStandings, type CountedMatch, type Standing } from '$lib/evening/standings';

/** A version read: the evening's match it is, proven, or null (no evening, deleted, refused). */
export function eveningMatchOf(version: Version): CountedMatch | null {
	if (version.kind !== 'match' || version.deleted || !eveningOf(version.config)) return null;
	const proof = proveMatch(version);
	if (!proof.ok) return null;
	const { config, seats, status, result, createdAt } = proof.match;
	return { config, seats, status, result, createdAt } as CountedMatch;
}

/** The newest evening's id and its standings, or null when no match belongs to an evening. */
export function latestEvening(
	matches: Iterable<CountedMatch>
): { evening: string; rows: Standing[] } | null {
	const all = [...matches];
	let newest: { id: string; at: number } | null = null;
	for (const match of all) {
		const tag = eveningOf(match.config);
		if (tag && (!newest || match.createdAt > newest.at))
			newest = { id: tag.id, at: match.createdAt };
	}
	return newest ? { evening: newest.id, rows: eveningStandings(all, newest.id) } : null;
}

/** The group's matches of evenings as the board reads their versions, newest of each kept. */
export class EveningMatches {
	readonly #matches = new Map<string, CountedMatch>();

	/** A version read; whether it moved a match of an evening (the standings may have changed). */
	take(version: Version): boolean {
		if (version.kind !== 'match') return false;
		const match = eveningMatchOf(version);
		const had = this.#matches.delete(version.id);
		if (match) this.#matches.set(version.id, match);
		return had || match !== null;
	}

	/** The standings of one evening, or of the evening whose match started last. */
	standings(evening?: string): Standing[] {
		if (evening) return eveningStandings([...this.#matches.values()], evening);
		return latestEvening(this.#matches.values())?.rows ?? [];
	}
}
