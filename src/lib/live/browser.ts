/**
 * The browser's live modules that bring the NATS client (docs/live.md, "The client"): a match's
 * channel, and a new table asked of the server. Imported dynamically, only by screens where a
 * match is live. The connection itself, its status and its retrying are connection.ts's.
 */
import { hostTable } from '$lib/wire/provision';
import { openLive } from './connection';

export { LiveChannel } from './client';
export { openLive } from './connection';

export interface NewTable {
	table: string;
	writer: { user: string; pass: string };
	reader: { user: string; pass: string };
}

/** Asks the server for a new table with the host credential (server/live.ts). */
export async function newTable(host: { u: string; p: string; s?: string }): Promise<NewTable> {
	const nc = await openLive(host);
	try {
		// asked again under its name if the answer is lost, one table made (wire/provision.ts)
		const made = await hostTable(nc);
		if (!made.ok) throw new Error(made.error);
		return made.value;
	} finally {
		await nc.close();
	}
}
