/**
 * A page of a match's stored entries, as the keeper's `read` service answers a phone (docs/wire.md,
 * "Where it is stored"): phones have no JetStream, so they ask the keeper from a stream sequence
 * on, and again from after the page's last entry until they reach `last`. The server writes it
 * and the phone reads it with this one schema.
 */
import * as v from 'valibot';
import { MAX_ENTRY_BYTES } from './limits';

/**
 * Entries' text a page carries at most (always at least one entry): escaped in JSON, a page
 * stays well under the server's max payload (config.ts).
 */
export const PAGE_BYTES = 2 * MAX_ENTRY_BYTES;

const Seq = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ReadAsked = v.object({ from: v.pipe(Seq, v.minValue(1)) });
export type ReadAsked = v.InferOutput<typeof ReadAsked>;

export const Page = v.object({
	/** the stream sequence of the match's last stored entry when the page was read (0: none) */
	last: Seq,
	/** the entries from `from` on, in order: each its stream sequence and its text */
	entries: v.pipe(v.array(v.tuple([Seq, v.string()])), v.maxLength(4_096))
});
export type Page = v.InferOutput<typeof Page>;

function parsed<T extends v.GenericSchema>(schema: T, bytes: Uint8Array): v.InferOutput<T> | null {
	try {
		const read = v.safeParse(schema, JSON.parse(new TextDecoder().decode(bytes)));
		return read.success ? read.output : null;
	} catch {
		return null;
	}
}

/** A phone's read request from its bytes, or null when it is not one. */
export const readAsked = (bytes: Uint8Array): ReadAsked | null => parsed(ReadAsked, bytes);
/** The keeper's page from its bytes, or null when it is not one. */
export const readPage = (bytes: Uint8Array): Page | null => parsed(Page, bytes);
