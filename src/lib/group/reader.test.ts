/**
 * When a reading of the group's record writes its batch and says it is caught up (reader.ts,
 * `afterMessage`): a group whose matches also go as entries has its stream's last message on
 * the wire's subjects, which the record's reader is never sent, so the last record message is
 * not the stream's last; and nats-server 2.9 can count one more pending than comes. Either
 * alone left a reloaded phone saying "Catching up with the group. 0 of 3 versions saved" until
 * the next message of the group came.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterMessage } from './reader';

const MOST = 500;

/** A reading's messages as the server gives them: seqs, pending counted (one too many at will). */
function reading(seqs: readonly number[], overCount: boolean, target: number) {
	let batch = 0;
	const said = [] as { write: boolean; reached: boolean }[];
	seqs.forEach((seq, at) => {
		batch++;
		const left = seqs.length - at - 1;
		const after = afterMessage(
			{ seq, pending: left + (overCount ? 1 : 0), got: at + 1 },
			{ target, expected: seqs.length, batch, most: MOST }
		);
		if (after.write) batch = 0;
		said.push(after);
	});
	return { said, waiting: batch };
}

describe('the record read whole, then each message at once', () => {
	it('catch-up: a reading is caught up once it has given what it had to give, though the stream ends on the wire’s subjects and the server counts one more pending', () => {
		// three versions, then the match's entries (seqs 4 to 9) on the wire's subjects
		const { said, waiting } = reading([1, 2, 3], true, 9);
		expect(said.at(-1)).toEqual({ write: true, reached: true });
		expect(waiting).toBe(0);
		expect(said.slice(0, -1).every((one) => !one.reached)).toBe(true);
	});

	it('catch-up: any one of the three ends is enough, and nothing is left waiting at the end', () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 1_200 }),
				fc.boolean(),
				fc.nat(3_000),
				(unsorted, overCount, beyond) => {
					const seqs = [...unsorted].sort((a, b) => a - b);
					const { said, waiting } = reading(seqs, overCount, seqs.at(-1)! + beyond);
					expect(waiting).toBe(0);
					expect(said.at(-1)!.reached).toBe(true);
					// many at a time until then: no batch larger than the most, none written early
					// but for a full one
					said.slice(0, -1).forEach((one, at) => {
						expect(one.reached).toBe(false);
						expect(one.write).toBe((at + 1) % MOST === 0);
					});
				}
			)
		);
	});

	it('catch-up: after it, each message is written at once', () => {
		const after = afterMessage(
			{ seq: 41, pending: 1, got: 4 },
			{ target: 99, expected: 3, batch: 1, most: MOST }
		);
		expect(after).toEqual({ write: true, reached: true });
		// a reading not told how many it had to give waits for the other two ends, as before
		expect(
			afterMessage(
				{ seq: 41, pending: 1, got: 4 },
				{ target: 99, expected: null, batch: 1, most: MOST }
			)
		).toEqual({ write: false, reached: false });
	});
});
