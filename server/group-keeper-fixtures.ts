/**
 * What the tests of a group's match through the keeper share (server/group-keeper.test.ts, and
 * the phones' own reading of what the keeper stores, src/lib/group/keeper-subjects.test.ts): a
 * member's phone asking its group's `append`, a match started and played by entries, and the
 * pen's seal of it.
 */
import { expect } from 'vitest';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import type { NatsConnection } from '@nats-io/nats-core';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { accept, begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { readAnswer } from '../src/lib/wire/append';
import { newId, writeEntry, type Change, type SealEntry } from '../src/lib/wire/entry';
import { signed, type Signer } from '../src/lib/wire/signing';
import { groupAppendSubject } from '../src/lib/wire/names.js';
import { register } from '../src/lib/wire/register';

/** A finished I'll Pass game of three, entered on the score pad as one `tally` (ill-pass/tally.ts). */
export const game = randomGame(seeded(7), 3);
export const tally: Change = {
	kind: 'act',
	action: {
		type: 'tally',
		hands: game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
	}
};

/** A member's request to its group's `append`, answered by the keeper (or why not). */
export async function askKeeper(
	nc: NatsConnection,
	group: string,
	match: string,
	bytes: Uint8Array
) {
	const answer = await nc.request(groupAppendSubject(group, match), bytes, { timeout: 5_000 });
	return readAnswer(answer.data);
}

/**
 * `signer`'s key registered for the member `user` of the group, from its own phone `nc`, as a
 * phone does before its first entry (docs/wire.md, "Keys"): the keeper must take it.
 */
export async function registeredIn(
	nc: NatsConnection,
	group: string,
	user: string,
	signer: Signer
) {
	expect(await register(nc, group, user, signer)).toMatchObject({ ok: true });
}

/** One more entry by `by`, which the keeper must store: the copy moved on. */
export async function enteredIn(
	nc: NatsConnection,
	group: string,
	copy: LiveMatch,
	change: Change,
	signer: Signer,
	by: string
): Promise<LiveMatch> {
	const entry = await signed(nextEntry(copy, change, by, newId(), Date.now()), signer);
	const answer = await askKeeper(nc, group, copy.match, writeEntry(entry));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	return (accept(copy, entry, (answer as { seq: number }).seq) as { live: LiveMatch }).live;
}

/** Ana's phone (`signer`'s key) starts a match of `game` in the group, then enters `changes`. */
export async function startedIn(
	nc: NatsConnection,
	group: string,
	match: string,
	signer: Signer,
	changes: Change[] = []
) {
	const start = await signed(
		startEntry({ id: newId(), match, by: ANA, at: Date.now(), config: game.config }),
		signer
	);
	const answer = await askKeeper(nc, group, match, writeEntry(start));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	for (const change of changes) copy = await enteredIn(nc, group, copy, change, signer, ANA);
	return copy;
}

/** The pen's seal of its copy (or of `log` when said). */
export function sealOf(
	copy: LiveMatch,
	by = ANA,
	{ log, abandoned = false }: { log?: readonly unknown[]; abandoned?: boolean } = {}
): SealEntry {
	const last = copy.entries[copy.entries.length - 1];
	return {
		v: 1,
		id: newId(),
		match: copy.match,
		pos: copy.entries.length,
		prev: last.id,
		by,
		at: Date.now(),
		change: {
			kind: 'seal',
			start: copy.start,
			players: copy.start.names.map(() => newPlayerId()),
			playedByHand: false,
			log: (log ?? copy.actions).map((action, at) => ({
				action: action as { type: string },
				at: 1_700_000_000_000 + at
			})),
			notes: 'Ben’s first win',
			playedMs: 25 * 60_000,
			abandoned
		}
	};
}
