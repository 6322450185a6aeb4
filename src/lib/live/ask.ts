/**
 * One request to a keeper's `append` (docs/wire.md, "Who writes: the server appends, after
 * checking"): the entry's bytes asked of the subject its account imports (a table's, or a
 * group's match's), and the answer as the phone reads it. Shared by the live table's channel
 * (client.ts) and a group's entries (group/entries.ts): one replicator, one way to ask.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { readAnswer, type AppendRefusal } from '$lib/wire/append';

export type Append =
	/** stored at `seq`; `duplicate`: an earlier try stored it (false: its entry came back first) */
	| { readonly ok: true; readonly seq: number; readonly duplicate: boolean }
	/** the table's log does not end where the entry says: another entry got there first */
	| { readonly ok: false; readonly why: 'moved'; readonly length?: number }
	/** the game's rules refused it (`code`, `params`: the reducer's), or a start past the first entry */
	| {
			readonly ok: false;
			readonly why: 'refused';
			readonly code?: string;
			readonly params?: Readonly<Record<string, string | number>>;
	  }
	/**
	 * not an entry (`not-passpad`), not this phone's to write (`not-yours`: a follower's
	 * credential, or an entry only the pen writes), the table's store full (`full`), its quota
	 * for the minute spent (`slow-down`: send it again in a while), or the pen taken from a
	 * holder the keeper heard within the pen's silence (`pen-held`: ask for it); a group's match
	 * only: `not-over`, `not-the-log`, `sealed`, `kept-whole` (wire/append.ts)
	 */
	| { readonly ok: false; readonly why: Exclude<AppendRefusal, 'moved' | 'refused'> }
	/** no answer: the entry may or may not be stored; a retry with the same id is safe */
	| { readonly ok: false; readonly why: 'offline' };

/** The keeper's answer to an append on `subject`, or offline when none came in `ms`. */
export async function askAppend(
	nc: NatsConnection,
	subject: string,
	bytes: Uint8Array,
	ms: number
): Promise<Append> {
	let reply;
	try {
		reply = await nc.request(subject, bytes, { timeout: ms });
	} catch (error) {
		// the server refuses a follower's credential the subject: not this phone's to write
		const said = error instanceof Error ? `${error.name} ${error.message}` : String(error);
		if (/permission/i.test(said)) return { ok: false, why: 'not-yours' };
		return { ok: false, why: 'offline' };
	}
	const answer = readAnswer(reply.data);
	if (!answer) return { ok: false, why: 'offline' };
	if (answer.ok) return { ok: true, seq: answer.seq, duplicate: answer.duplicate };
	if (answer.why === 'moved') return { ok: false, why: 'moved', length: answer.length };
	if (answer.why === 'refused') {
		return { ok: false, why: 'refused', code: answer.code, params: answer.params };
	}
	return { ok: false, why: answer.why };
}
