/**
 * The browser's connection to the live server, over WebSocket (docs/live.md, "The client"):
 * its own inbox prefix (replies to this phone reach no other), reconnecting for as long as
 * the page lives. Imported dynamically, only by screens where a match is live.
 */
import { wsconnect, type NatsConnection } from '@nats-io/nats-core';
import { LIVE_PATH, PROVISION_SUBJECT, inboxOf } from '$lib/wire/names.js';
import { serverOf } from './link';

export { LiveChannel } from './client';

export async function openLive(credential: {
	u: string;
	p: string;
	s?: string;
}): Promise<NatsConnection> {
	return wsconnect({
		servers: serverOf(credential, location, LIVE_PATH),
		user: credential.u,
		pass: credential.p,
		inboxPrefix: inboxOf(credential.u),
		maxReconnectAttempts: -1,
		reconnectTimeWait: 1_000,
		// a socket gone silent without closing (a wifi that drops what it carries) is noticed
		// and opened again within 10 to 15 s; what waits to be sent is said sooner, by its age
		// (docs/live.md, "What a phone says")
		pingInterval: PING_EVERY_MS,
		maxPingOut: 2,
		name: 'passpad'
	});
}

/** How often a live connection asks the server for an answer (two unanswered: it is dead). */
export const PING_EVERY_MS = 5_000;

export interface NewTable {
	table: string;
	writer: { user: string; pass: string };
	reader: { user: string; pass: string };
}

/** Asks the server for a new table with the host credential (server/live.ts). */
export async function newTable(host: { u: string; p: string; s?: string }): Promise<NewTable> {
	const nc = await openLive(host);
	try {
		const answer = await nc.request(PROVISION_SUBJECT, '{}', { timeout: 15_000 });
		const made = answer.json<NewTable & { error?: string }>();
		if (made.error) throw new Error(made.error);
		return made;
	} finally {
		await nc.close();
	}
}
