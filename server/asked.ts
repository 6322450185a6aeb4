// A request asked again is answered once (docs/group.md, "Requests": asked again). A phone
// names each request that makes something (`ask`, an id of the one form: schemas.ts) and asks
// again with the same name when no answer came back (a WebSocket broken as the server answered):
// the server keeps each name's answer, the promise while it is being made, so a second asking,
// even while the first is still in the queue, gets the first's answer and nothing is made
// twice. Kept in memory: a server started again between the two askings makes it again, as a
// phone that asked twice by hand would.
import * as v from 'valibot';
import type { Msg } from '@nats-io/nats-core';
import { PasspadId } from '../src/lib/wire/schemas';
import { ASKED_REMEMBERED_MS, MAX_ASKED_REMEMBERED } from '../src/lib/wire/limits';
import { jsonOf } from './requests';

const Named = v.object({ ask: PasspadId });

export function askedOnce(
	now: () => number = Date.now,
	most = MAX_ASKED_REMEMBERED,
	keepMs = ASKED_REMEMBERED_MS
) {
	/** by subject and name, in the order asked: the oldest first */
	const answers = new Map<string, { at: number; answer: Promise<object> }>();

	function forget(at: number) {
		for (const [key, kept] of answers) {
			if (answers.size <= most && at - kept.at < keepMs) break;
			answers.delete(key);
		}
	}

	/** The answer to `data` on `subject`: the one made for its name before, else `make`'s. */
	return function once(subject: string, data: Uint8Array, make: () => Promise<object>) {
		const named = v.safeParse(Named, jsonOf(data));
		if (!named.success) return make();
		// the subject names the group and what is asked: a name counts within them only
		const key = `${subject} ${named.output.ask}`;
		const at = now();
		forget(at);
		const kept = answers.get(key);
		if (kept) return kept.answer;
		const answer = make();
		answers.set(key, { at, answer });
		// a failure is not kept: asked again, it is tried again
		answer.then(
			(made) => {
				if ('error' in made && made.error === 'failed') answers.delete(key);
			},
			() => answers.delete(key)
		);
		return answer;
	};
}

/**
 * How the provisioner answers (live.ts): every request, never falling over one, and a request
 * asked again by its name with its first answer.
 */
export function answerer(log: (line: string) => void, once = askedOnce()) {
	return async function answer(msg: Msg, make: () => Promise<object>) {
		let body;
		try {
			body = await once(msg.subject, msg.data, make);
		} catch (failure) {
			log(`provisioning failed: ${String((failure as Error)?.message ?? failure)}`);
			body = { error: 'failed' };
		}
		try {
			msg.respond(JSON.stringify(body));
		} catch {
			// the asking phone is gone (a member that removed itself): nobody to answer
		}
	};
}
