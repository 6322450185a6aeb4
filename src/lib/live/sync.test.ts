import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Change } from './protocol';
import { canonicalJson as key } from '$lib/wire/canonical';
import { relate, stepsToSend } from './sync';

const action = fc.record({ type: fc.constantFrom('pass', 'take', 'reveal'), n: fc.nat(3) });

/** The table's log after a change, as replay.ts folds it (without the rules). */
function fold(log: unknown[], change: Change): unknown[] {
	if (change.kind === 'act') return [...log, change.action];
	if (change.kind === 'undo') return log.slice(0, -1);
	if (change.kind === 'rewrite') return [...log.slice(0, change.from), ...change.actions];
	throw new Error(change.kind);
}

const isPrefix = (short: unknown[], long: unknown[]) =>
	short.length <= long.length && key(short) === key(long.slice(0, short.length));

describe('live sync', () => {
	it('the steps carry the table’s log to this phone’s, whatever they are (property)', () => {
		fc.assert(
			fc.property(fc.array(action), fc.array(action), (table, here) => {
				const steps = stepsToSend(table, here);
				expect(steps.reduce(fold, table)).toEqual(here);
				// never an empty rewrite, at most one rewrite, and it comes first
				steps.forEach((step, at) => {
					if (step.kind === 'rewrite') expect([at, step.actions.length > 0]).toEqual([0, true]);
				});
				// every log on the way is a prefix of the table's or of ours: each step is legal
				// when the last log is
				let log: unknown[] = table;
				for (const step of steps) {
					log = fold(log, step);
					expect(isPrefix(log, table) || isPrefix(log, here)).toBe(true);
				}
			})
		);
	});

	it('a log extended offline gives one act per action entered, in order (property)', () => {
		fc.assert(
			fc.property(fc.array(action), fc.array(action), (table, more) => {
				const steps = stepsToSend(table, [...table, ...more]);
				expect(steps).toEqual(more.map((action) => ({ kind: 'act', action })));
			})
		);
	});

	it('actions taken back offline give one undo each (property)', () => {
		fc.assert(
			fc.property(fc.array(action), fc.array(action), (here, gone) => {
				const steps = stepsToSend([...here, ...gone], here);
				expect(steps).toEqual(gone.map(() => ({ kind: 'undo' })));
			})
		);
	});

	it('an edit of the past is a rewrite as long as the table’s rest, then the new actions', () => {
		const [a, b, c, d, e] = ['reveal', 'pass', 'take', 'pass', 'take'].map((type, n) => ({
			type,
			n
		}));
		const x = { type: 'reveal', n: 9 };
		// b changed to x while offline, then d and e entered
		expect(stepsToSend([a, b, c], [a, x, c, d, e])).toEqual([
			{ kind: 'rewrite', from: 1, actions: [x, c] },
			{ kind: 'act', action: d },
			{ kind: 'act', action: e }
		]);
		// c taken back, then x entered: the last action amended
		expect(stepsToSend([a, b, c], [a, b, x])).toEqual([{ kind: 'rewrite', from: 2, actions: [x] }]);
		expect(stepsToSend([a], [a])).toEqual([]);
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
