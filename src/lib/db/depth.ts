/**
 * Where a value from outside nests deeper than `max` objects and arrays, as a dot path
 * ("log.3.action.cards"), or null when it does not. Walked with a stack of its own, not by
 * recursion: a hostile value 20,000 levels deep is measured, not a stack overflow.
 */
export function deeperThan(value: unknown, max: number): string | null {
	const isNested = (item: unknown): item is object => item !== null && typeof item === 'object';
	if (!isNested(value)) return null;
	const keys: string[] = [];
	const frames: Iterator<[string, unknown]>[] = [Object.entries(value)[Symbol.iterator]()];
	while (frames.length > 0) {
		const next = frames[frames.length - 1].next();
		if (next.done) {
			frames.pop();
			keys.pop();
			continue;
		}
		const [key, inner] = next.value;
		if (!isNested(inner)) continue;
		keys.push(key);
		if (frames.length >= max) return keys.join('.');
		frames.push(Object.entries(inner)[Symbol.iterator]());
	}
	return null;
}
