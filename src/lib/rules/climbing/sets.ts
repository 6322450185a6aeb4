import { RANKS, SET_TYPES, type PlayedSet, type Rank, type SetType } from './types';

export function isRank(value: unknown): value is Rank {
	return typeof value === 'string' && (RANKS as readonly string[]).includes(value);
}

/** docs/rulings.md, PASS 1: 2 is 0, A is 12. */
function rankIndex(rank: Rank): number {
	return RANKS.indexOf(rank);
}

/** The A-2-3-4-5 straight, sorted by rank index (A last). */
const WHEEL = ['2', '3', '4', '5', 'A'];

/**
 * docs/rulings.md, PASS 1-3: the set the shown values form (a doubled face counts as two values),
 * or null when they form none. Throws for a value that is not a rank.
 */
export function classify(values: Rank[]): PlayedSet | null {
	if (!Array.isArray(values))
		throw new Error('Values must be a list of ranks, such as ["9", "9"].');
	for (const value of values) {
		if (!isRank(value)) {
			throw new Error(`"${String(value)}" is not a rank; ranks are ${RANKS.join(' ')}.`);
		}
	}
	const sorted = [...values].sort((a, b) => rankIndex(a) - rankIndex(b));
	const counts = new Map<Rank, number>();
	for (const value of sorted) counts.set(value, (counts.get(value) ?? 0) + 1);
	const groups = [...counts.entries()].sort((a, b) => b[1] - a[1]);
	if (groups.length === 1) {
		const type = (['plain', 'pair', 'three', 'four', 'trump'] as const)[sorted.length - 1];
		return type ? { type, rank: sorted[0] } : null;
	}
	if (sorted.length !== 5) return null;
	// docs/rulings.md, PASS 3: a full house is ordered by its three of a kind.
	if (groups.length === 2 && groups[0][1] === 3) return { type: 'fullHouse', rank: groups[0][0] };
	if (groups.length !== 5) return null;
	// docs/rulings.md, PASS 2: A is low only in A-2-3-4-5, which tops at 5; no wrap-around.
	if (sorted.join() === WHEEL.join()) return { type: 'straight', rank: '5' };
	const low = rankIndex(sorted[0]);
	const consecutive = sorted.every((value, index) => rankIndex(value) === low + index);
	return consecutive ? { type: 'straight', rank: sorted[4] } : null;
}

/** Throws unless `set` is a set some values could form (a straight tops at 5 or higher). */
function checkSet(set: PlayedSet, name = 'set'): void {
	if (typeof set !== 'object' || set === null) {
		throw new Error(`The ${name} must be an object like { type: 'pair', rank: '9' }.`);
	}
	if (!(SET_TYPES as readonly string[]).includes(set.type)) {
		throw new Error(
			`The ${name}'s type "${String(set.type)}" is not one of ${SET_TYPES.join(', ')}.`
		);
	}
	if (!isRank(set.rank)) {
		throw new Error(`The ${name}'s rank "${String(set.rank)}" is not one of ${RANKS.join(' ')}.`);
	}
	if (set.type === 'straight' && rankIndex(set.rank) < rankIndex('5')) {
		throw new Error(`No straight tops at ${set.rank}; the lowest, A-2-3-4-5, tops at 5.`);
	}
}

export function sameSet(a: PlayedSet, b: PlayedSet): boolean {
	return a.type === b.type && a.rank === b.rank;
}

/** docs/rulings.md, PASS 4: does `next` beat `previous` without tokens? */
export function beats(next: PlayedSet, previous: PlayedSet): boolean {
	checkSet(next, 'next set');
	checkSet(previous, 'previous set');
	const higher = rankIndex(next.rank) > rankIndex(previous.rank);
	if (next.type === previous.type) return higher;
	// A trump beats anything but a trump; four of a kind beats anything but a trump or four.
	if (next.type === 'trump') return true;
	return next.type === 'four' && previous.type !== 'trump';
}

const RANK_WORDS: Record<Rank, [string, string]> = {
	'2': ['two', 'twos'],
	'3': ['three', 'threes'],
	'4': ['four', 'fours'],
	'5': ['five', 'fives'],
	'6': ['six', 'sixes'],
	'7': ['seven', 'sevens'],
	'8': ['eight', 'eights'],
	'9': ['nine', 'nines'],
	'10': ['ten', 'tens'],
	J: ['jack', 'jacks'],
	Q: ['queen', 'queens'],
	K: ['king', 'kings'],
	A: ['ace', 'aces']
};

const TYPE_WORDS: Record<SetType, string> = {
	plain: 'plain',
	pair: 'pair',
	three: 'three of a kind',
	straight: 'straight',
	fullHouse: 'full house',
	four: 'four of a kind',
	trump: 'trump'
};

/** The set's name as a phrase for the screen to translate: code `set-<type>`, param `rank`. */
export function setName(set: PlayedSet): { code: string; params: { rank: Rank } } {
	return { code: `set-${set.type}`, params: { rank: set.rank } };
}

/** English name, as players say it: "full house, nines", "straight, nine high", "plain ace". */
export function setLabel(set: PlayedSet): string {
	const [one, many] = RANK_WORDS[set.rank];
	if (set.type === 'plain') return `plain ${one}`;
	if (set.type === 'straight') return `straight, ${one} high`;
	return `${TYPE_WORDS[set.type]}, ${many}`;
}
