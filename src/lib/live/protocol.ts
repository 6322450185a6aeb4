/**
 * The live wire (docs/live.md, "The protocol"): the entry between phones, defined once in the
 * wire the server shares (wire/entry.ts) and named here for the live code.
 */
export {
	Change,
	Entry,
	WIRE_VERSION,
	newId,
	readEntry,
	writeEntry,
	type Unreadable
} from '$lib/wire/entry';
