/**
 * Whether the server still takes a member's link, asked before the phone keeps its group
 * (docs/group.md, "Links"): a removed member's link, or one of a revoked group, is refused by
 * nats-server itself, and such a link must store nothing and say why. A server out of reach says
 * nothing: the phone joins as before and reads the group once the network is back.
 */
import { AuthorizationError, wsconnect } from '@nats-io/nats-core';
import { serverOf } from '$lib/live/link';
import { LIVE_PATH, inboxOf } from '$lib/wire/names.js';
import type { GroupLink } from './link';

/** `member`: the server took the credential; `refused`: it said no; `unknown`: no answer. */
export type Admission = 'member' | 'refused' | 'unknown';

/** Whether the server refused the credential itself (nats-server's "Authorization Violation"). */
export function refusedBy(error: unknown): boolean {
	if (error instanceof AuthorizationError) return true;
	const cause = error instanceof Error ? error.cause : undefined;
	return (
		cause instanceof AuthorizationError ||
		(error instanceof Error && /authorization violation/i.test(error.message))
	);
}

/** Asks the link's server once, for at most `timeout` ms, whether it takes the credential. */
export async function admission(
	link: GroupLink,
	page: { protocol: string; host: string } = location,
	timeout = 5_000
): Promise<Admission> {
	try {
		const nc = await wsconnect({
			servers: serverOf(link, page, LIVE_PATH),
			user: link.u,
			pass: link.p,
			inboxPrefix: inboxOf(link.u),
			reconnect: false,
			timeout,
			name: 'passpad'
		});
		await nc.close().catch(() => {});
		return 'member';
	} catch (error) {
		return refusedBy(error) ? 'refused' : 'unknown';
	}
}
