/**
 * What the keeper's tests share (keeper.test.ts, pen.test.ts, and through
 * group-keeper-fixtures.ts the group's): one entry appended through the keeper by a phone,
 * checked stored, and the phone's copy of the match moved on with it.
 */
import { expect } from 'vitest';
import type { LiveChannel } from '../src/lib/live/client';
import { ANA } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change } from '../src/lib/live/protocol';
import { accept, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { signed, type Signer } from '../src/lib/wire/signing';

/**
 * One entry by `by` with `signer`'s key, sent by `send` (a table's append or a group's), which
 * the keeper must store: the copy moved on.
 */
export async function storedBy(
	send: (bytes: Uint8Array) => Promise<unknown>,
	copy: LiveMatch,
	change: Change,
	signer: Signer,
	by: string
): Promise<LiveMatch> {
	const entry = await signed(nextEntry(copy, change, by, newId(), Date.now()), signer);
	const answer = await send(writeEntry(entry));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	return (accept(copy, entry, (answer as { seq: number }).seq) as { live: LiveMatch }).live;
}

/** One entry by `by` with `signer`'s key, which the table's keeper must store. */
export const appended = (
	channel: LiveChannel,
	copy: LiveMatch,
	change: Change,
	signer: Signer,
	by = ANA
): Promise<LiveMatch> => storedBy((bytes) => channel.append(bytes), copy, change, signer, by);
