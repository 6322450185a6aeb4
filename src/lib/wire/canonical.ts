/**
 * Canonical JSON: one text for one value, whatever the order of its objects' names, so two logs,
 * configs or versions compare as text (docs/live.md, "On the phone"; docs/group.md). The live
 * table, the group's record and the server compare with this one function.
 */

/**
 * JSON with every object's names sorted, without a sorted copy of an object whose names are in
 * order already (most are: a joining phone digests thousands of whole matches, their actions'
 * objects each).
 */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(value, sorted);
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
