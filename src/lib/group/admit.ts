/**
 * Whether the server still takes a member's link, asked before the phone keeps its group
 * (docs/group.md, "Links"): a removed member's link, or one of a revoked group, is refused by
 * nats-server itself, and such a link must store nothing and say why. A server out of reach says
 * nothing: the phone joins as before and reads the group once the network is back.
 */
import { openLive } from '$lib/live/connection';
import { refusedCredential } from '$lib/live/refusal';
import type { GroupLink } from './link';

/** `member`: the server took the credential; `refused`: it said no; `unknown`: no answer. */
export type Admission = 'member' | 'refused' | 'unknown';

/** Asks the link's server once, for at most `timeout` ms, whether it takes the credential. */
export async function admission(
	link: GroupLink,
	page: { protocol: string; host: string } = location,
	timeout = 5_000
): Promise<Admission> {
	try {
		// one try, with the options of every connection of this phone (live/connection.ts)
		const nc = await openLive(link, { page, reconnect: false, timeout });
		await nc.close().catch(() => {});
		return 'member';
	} catch (error) {
		return refusedCredential(error) ? 'refused' : 'unknown';
	}
}
