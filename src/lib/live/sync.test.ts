import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changeFrom, relate } from './sync';

const action = fc.record({ type: fc.constantFrom('pass', 'take', 'reveal'), n: fc.nat(3) });

/** The table's log after a change, as replay.ts folds it (without the rules). */
function fold(log: unknown[], change: ReturnType<typeof changeFrom>): unknown[] {
	if (!change) return log;
	if (change.kind === 'act') return [...log, change.action];
	if (change.kind === 'undo') return log.slice(0, -1);
	if (change.kind === 'rewrite') return [...log.slice(0, change.from), ...change.actions];
	throw new Error(change.kind);
}

describe('live sync', () => {
	it('one entry carries the table’s log to this phone’s, whatever they are (property)', () => {
		fc.assert(
			fc.property(fc.array(action), fc.array(action), (table, here) => {
				expect(fold(table, changeFrom(table, here))).toEqual(here);
			})
		);
	});

	it('says one more action, the last taken back, or a rewrite', () => {
		const a = { type: 'pass' };
		const b = { type: 'take' };
		expect(changeFrom([a], [a, b])).toEqual({ kind: 'act', action: b });
		expect(changeFrom([a, b], [a])).toEqual({ kind: 'undo' });
		expect(changeFrom([a, b], [b])).toEqual({ kind: 'rewrite', from: 0, actions: [b] });
		expect(changeFrom([a], [a])).toBeNull();
	});

	it('tells same, behind, ahead and diverged apart; field order does not matter', () => {
		const a = { type: 'reveal', card: 3 };
		const same = { card: 3, type: 'reveal' };
		expect(relate([a], [same])).toEqual({ kind: 'same' });
		expect(relate([], [a])).toEqual({ kind: 'behind' });
		expect(relate([a], [])).toEqual({ kind: 'ahead' });
		expect(relate([a, { type: 'pass' }], [a, { type: 'take' }])).toEqual({
			kind: 'diverged',
			at: 1
		});
	});
});
