/**
 * What the keeper's tests share (keeper.test.ts, pen.test.ts): one entry appended through the
 * keeper by a phone, checked stored, and the phone's copy of the match moved on with it.
 */
import { expect } from 'vitest';
import type { LiveChannel } from '../src/lib/live/client';
import { ANA } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change } from '../src/lib/live/protocol';
import { accept, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { signed, type Signer } from '../src/lib/wire/signing';

/** One entry by `by` with `signer`'s key, which the keeper must store. */
export async function appended(
	channel: LiveChannel,
	copy: LiveMatch,
	change: Change,
	signer: Signer,
	by = ANA
): Promise<LiveMatch> {
	const entry = await signed(nextEntry(copy, change, by, newId(), Date.now()), signer);
	const answer = await channel.append(writeEntry(entry));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	return (accept(copy, entry, answer.ok ? answer.seq : 0) as { live: LiveMatch }).live;
}
