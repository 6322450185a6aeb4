/**
 * Canonical JSON: one text for one value, whatever the order of its objects' names, so two logs,
 * configs or versions compare as text (docs/live.md, "On the phone"; docs/group.md). The live
 * table, the group's record and the server compare with this one function.
 */

/**
 * JSON with every object's names sorted (array indexes first, in numeric order, as JSON lists
 * them). Written out here rather than through JSON.stringify's replacer, which is called back for
 * every name of every object: a joining phone digests thousands of whole matches, their
 * actions' objects each (docs/group.md, "Figures"). Anything but plain objects, arrays and
 * JSON's own values is left to JSON.stringify with the replacer, as it always was.
 */
export function canonicalJson(value: unknown): string {
	return item(value, '') as string;
}

/** An array, or an object of no class with no toJSON: what JSON.parse gives. */
function isPlain(value: unknown): value is object {
	if (value === null || typeof value !== 'object') return false;
	if (Array.isArray(value)) return true;
	const prototype = Object.getPrototypeOf(value);
	return (
		(prototype === Object.prototype || prototype === null) &&
		typeof (value as { toJSON?: unknown }).toJSON !== 'function'
	);
}

/**
 * What a name or an item holds, as JSON (undefined: none, as JSON.stringify leaves it out); a
 * toJSON is asked with the name, as JSON.stringify asks it.
 */
function item(value: unknown, name: string): string | undefined {
	if (value === null) return 'null';
	if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
		value = (value as { toJSON(name: string): unknown }).toJSON(name);
		if (value === null) return 'null';
	}
	switch (typeof value) {
		case 'string':
			return quoted(value);
		case 'number':
			// as JSON writes a number: NaN and the infinities as null, -0 as 0
			return Number.isFinite(value) ? String(value) : 'null';
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object':
			return isPlain(value) ? write(value) : JSON.stringify(value, sorted);
		case 'bigint':
			// as JSON.stringify: a TypeError
			return JSON.stringify(value);
		default:
			return undefined;
	}
}

function write(value: object): string {
	if (Array.isArray(value)) {
		let out = '[';
		for (let at = 0; at < value.length; at++) {
			out += (at === 0 ? '' : ',') + (item(value[at], String(at)) ?? 'null');
		}
		return `${out}]`;
	}
	const record = value as Record<string, unknown>;
	const names = Object.keys(record);
	// an object lists its array indexes first, in numeric order; the other names sorted after
	let first = 0;
	while (first < names.length && isArrayIndex(names[first])) first++;
	let inOrder = true;
	for (let at = first + 1; at < names.length && inOrder; at++) inOrder = names[at - 1] < names[at];
	const order = inOrder
		? names
		: [...names.slice(0, first), ...names.slice(first).sort((x, y) => (x < y ? -1 : 1))];
	let out = '{';
	for (const name of order) {
		const text = item(record[name], name);
		if (text === undefined) continue;
		out += `${out.length > 1 ? ',' : ''}${quoted(name)}:${text}`;
	}
	return `${out}}`;
}

/** Short strings (names, an action's type) quoted once: a log repeats the same few thousands of times. */
const QUOTED = new Map<string, string>();
const QUOTED_KEPT = 4096;

function quoted(text: string): string {
	if (text.length > 24) return JSON.stringify(text);
	let said = QUOTED.get(text);
	if (said === undefined) {
		if (QUOTED.size >= QUOTED_KEPT) QUOTED.clear();
		said = JSON.stringify(text);
		QUOTED.set(text, said);
	}
	return said;
}

/** A name an object keeps among its indexes: a whole number below 2^32 - 1, written plainly. */
function isArrayIndex(name: string): boolean {
	return INDEX.test(name) && Number(name) < 4294967295;
}

function sorted(_: string, inner: unknown) {
	if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
	const names = Object.keys(inner);
	let inOrder = true;
	for (let at = 1; at < names.length && inOrder; at++) inOrder = names[at - 1] < names[at];
	// names in order and none an array index (JSON lists those first): the copy would read the same
	if (inOrder && !names.some((name) => INDEX.test(name))) return inner;
	return Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)));
}
/** A name JSON.stringify lists before the others, in numeric order (an array index). */
const INDEX = /^(?:0|[1-9][0-9]*)$/;
