/**
 * Where a value from outside nests deeper than `max` objects and arrays, as a dot path
 * ("log.3.action.cards"), or null when it does not. Walked by recursion no deeper than `max`
 * (a match's is MAX_MATCH_DEPTH, 24), so a hostile value 20,000 levels deep is measured, not a
 * stack overflow; by its names, not Object.entries' pairs, since a joining phone walks
 * thousands of whole matches (docs/group.md, "Figures").
 */
export function deeperThan(value: unknown, max: number): string | null {
	if (!isNested(value)) return null;
	const path = deepIn(value, 1, max);
	return path === null ? null : path.join('.');
}

const isNested = (item: unknown): item is object => item !== null && typeof item === 'object';

/** The names down to the first value nested past `max`, `level` being `value`'s own. */
function deepIn(value: object, level: number, max: number): string[] | null {
	const record = value as Record<string, unknown>;
	for (const name of Object.keys(record)) {
		const inner = record[name];
		if (!isNested(inner)) continue;
		if (level >= max) return [name];
		const below = deepIn(inner, level + 1, max);
		if (below !== null) {
			below.unshift(name);
			return below;
		}
	}
	return null;
}
