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

/**
 * The keeper's answer past the table's reads for the minute (TABLE_READS_PER_MINUTE): the phone
 * waits READ_AGAIN_MS and asks the same page again; it is not offline. An older build reads it
 * as no page and asks again after its own wait.
 */
export const SlowDown = v.object({ why: v.literal('slow-down') });
export const SLOW_DOWN: v.InferOutput<typeof SlowDown> = { why: 'slow-down' };
/** How long a phone told `slow-down` waits before it reads again. */
export const READ_AGAIN_MS = 2_000;

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
/** Whether the keeper's answer to a read is `slow-down`. */
export const readSlowDown = (bytes: Uint8Array): boolean => parsed(SlowDown, bytes) !== null;
