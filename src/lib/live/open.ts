/**
 * Open tables, as the phone asks for them (docs/live.md, "Open tables"): whether the page's own
 * server opens a live table for any phone (`npm run server -- --open`), and asking it for one,
 * over plain HTTP on the app's origin (server/open-http.ts), so the server counts the address
 * that asks. Free of the NATS client: the match screen's slot asks before anything is loaded.
 * Every answer is validated; a refusal is a word the screen says, never an exception.
 */
import * as v from 'valibot';
import { OPEN_PATH, TABLE_ID } from '$lib/wire/names.js';
import { Credential } from '$lib/wire/schemas';

/**
 * Why no table was opened: `too-many` (this address's tables for the hour), `full` (the server
 * holds all it gives), `not-open` (the host link only), `failed` (the server's own trouble, or no
 * answer: asking again may work).
 */
export type OpenRefusal = 'too-many' | 'full' | 'not-open' | 'failed';

const OpenTable = v.object({
	table: v.pipe(v.string(), v.regex(TABLE_ID)),
	writer: Credential,
	reader: Credential
});
export type OpenTable = v.InferOutput<typeof OpenTable>;
const Refusal = v.object({ error: v.picklist(['too-many', 'full', 'not-open', 'failed']) });
const Open = v.object({ open: v.boolean() });

/** Whether the page's server opens tables for any phone: no answer, or any other, is no. */
export async function serverIsOpen(ask: typeof fetch = fetch): Promise<boolean> {
	try {
		const answer = await ask(OPEN_PATH, { cache: 'no-store' });
		const said = v.safeParse(Open, answer.ok ? await answer.json() : null);
		return said.success && said.output.open;
	} catch {
		return false;
	}
}

/** Asks the page's server for a new table, as any phone may on an open server. */
export async function askOpenTable(
	ask: typeof fetch = fetch
): Promise<{ ok: true; value: OpenTable } | { ok: false; error: OpenRefusal }> {
	try {
		const answer = await ask(OPEN_PATH, {
			method: 'POST',
			cache: 'no-store',
			headers: { 'Content-Type': 'application/json' },
			body: '{}'
		});
		const body: unknown = await answer.json();
		const made = v.safeParse(OpenTable, body);
		if (answer.ok && made.success) return { ok: true, value: made.output };
		const refused = v.safeParse(Refusal, body);
		return { ok: false, error: refused.success ? refused.output.error : 'failed' };
	} catch {
		return { ok: false, error: 'failed' };
	}
}
