import { describe, expect, it } from 'vitest';
import { newId } from '$lib/wire/ids';
import { recordSubject, playerSubject } from '$lib/wire/names.js';
import { illPassVersion, playerVersion, type ClubSeat } from './fixtures';
import { writeVersion } from './record';
import { reconcile } from './reconcile';
import { packBatch, proveBatch, unpackBatch } from './prove-batch';
import type { Message } from './core';

const group = 'benchclub01';
const seats: ClubSeat[] = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));

/** A joining phone's batch: a player, good matches, and a match whose log breaks the rules. */
function batch() {
	const messages: Message[] = [];
	const ids: string[] = [];
	let seq = 1;
	const push = (subject: string, data: Uint8Array) => {
		// as read: a view into a larger buffer the connection reads into
		const wire = new Uint8Array(data.length + 16);
		wire.set(data, 8);
		messages.push({
			subject,
			seq: seq++,
			msgId: `m${seq}`,
			data: wire.subarray(8, 8 + data.length)
		});
	};
	push(playerSubject(group, seats[0].player), writeVersion(playerVersion('p', seats[0], 1)));
	for (let seed = 1; seed <= 5; seed++) {
		const id = newId();
		ids.push(id);
		const version = illPassVersion('phone-ana-0001', id, seats, { seed, at: seed, span: 9 });
		if (seed === 3) version.log.push({ action: { type: 'reveal', card: 99 }, at: 99 });
		push(recordSubject(group, id), writeVersion(version));
	}
	return { messages, ids };
}

describe('group: a joining phone proves its batches ahead', () => {
	it('group: a packed batch reads back as the same messages, each its own bytes only', () => {
		const { messages } = batch();
		const packed = packBatch(group, messages);
		expect(packed.bytes.byteLength).toBe(messages.reduce((sum, m) => sum + m.data.length, 0));
		expect(unpackBatch(structuredClone(packed))).toEqual(messages);
	});

	it('group: a batch with one version that breaks the rules proves every good match and refuses the bad one with its word; players are left to take', () => {
		const { messages, ids } = batch();
		const proven = new Map(proveBatch(structuredClone(packBatch(group, messages))));
		// the player (seq 1) is not a match: taken on its own, in order
		expect([...proven.keys()]).toEqual([2, 3, 4, 5, 6]);
		for (const [seq, decision] of proven) {
			const message = messages[seq - 1];
			const thing = `match.${ids[seq - 2]}` as const;
			// the same decision the page would make for a match new here (reconcile.ts)
			expect(decision).toEqual(reconcile({ hash: null }, undefined, { ...message, thing }));
			if (seq === 4) {
				expect(decision).toMatchObject({ kind: 'refused', why: 'illegal' });
				expect(decision.kind === 'refused' && decision.refusal?.code).toBeTruthy();
			} else {
				expect(decision.kind).toBe('apply');
				expect(decision.kind === 'apply' && decision.match?.status).toBe('finished');
			}
		}
	});

	it("group: a proof sent from a worker carries one log: the version's and the match's are the same entries", () => {
		const { messages } = batch();
		const [[, decision]] = proveBatch(packBatch(group, messages.slice(1, 2)));
		const copy = structuredClone(decision);
		expect(copy.kind === 'apply' && copy.version.kind === 'match' && !copy.version.deleted);
		if (copy.kind !== 'apply' || copy.version.kind !== 'match' || copy.version.deleted) return;
		expect(copy.version.log).toBe(copy.match!.log);
	});
});
