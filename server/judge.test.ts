import { describe, expect, it } from 'vitest';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { nextEntry } from '../src/lib/live/replay';
import { EMPTY, fold, judge, type Copy } from './judge';

const MATCH = 'match-1';
const start = startEntry();

/** The copy after `entries`, each stored at the next sequence. */
function copyOf(entries: Entry[]): Copy {
	return fold(
		entries.map((entry, index) => ({ seq: index + 1, data: writeEntry(entry) })),
		MATCH
	);
}

const next = (copy: Copy, change: Change, id: string, by = ANA) =>
	nextEntry(copy.live!, change, by, id, 2);

describe('what the keeper stores', () => {
	it('judge: the first entry is a start at 0; anything else there is refused', () => {
		expect(judge(EMPTY, writeEntry(start), MATCH).kind).toBe('append');
		const copy = copyOf([start]);
		const act = next(copy, { kind: 'act', action: { type: 'reveal', card: 10 } }, 'entry-act-001');
		expect(judge(EMPTY, writeEntry(act), MATCH)).toMatchObject({
			answer: { why: 'moved', length: 0 }
		});
		const notStart = { ...act, pos: 0, prev: null };
		expect(judge(EMPTY, writeEntry(notStart), MATCH)).toMatchObject({
			answer: { why: 'refused', code: 'not-start' }
		});
	});

	it('judge: the copy read back skips what a phone skips, and the next append expects its sequence', () => {
		const copy = fold(
			[
				{ seq: 1, data: writeEntry(start) },
				{ seq: 2, data: new TextEncoder().encode('junk') },
				{ seq: 3, data: writeEntry({ ...start, id: 'entry-start-02', by: BEN }) }
			],
			MATCH
		);
		expect(copy.live?.entries).toHaveLength(1);
		expect(copy.lastSeq).toBe(3);
	});

	it('judge: a stored entry sent again is answered with its sequence', () => {
		const copy = copyOf([start]);
		expect(judge(copy, writeEntry(start), MATCH)).toEqual({
			kind: 'answer',
			answer: { ok: true, seq: 1, duplicate: true }
		});
	});

	it('judge: the pen writes acts; another phone may only take the pen', () => {
		const copy = copyOf([start]);
		const act = next(
			copy,
			{ kind: 'act', action: { type: 'reveal', card: 10 } },
			'entry-ben-001',
			BEN
		);
		expect(judge(copy, writeEntry(act), MATCH)).toMatchObject({ answer: { why: 'not-yours' } });
		const pen = next(copy, { kind: 'pen', to: BEN, name: 'Ben' }, 'entry-ben-002', BEN);
		const judged = judge(copy, writeEntry(pen), MATCH);
		expect(judged.kind).toBe('append');
		if (judged.kind === 'append')
			expect(judged.next(7)).toMatchObject({ lastSeq: 7, live: { pen: { by: BEN } } });
	});

	it('judge: a refusal carries what the rule’s words name (the card)', () => {
		let copy = copyOf([start]);
		for (const [id, action] of [
			['entry-rev-001', { type: 'reveal', card: 10 }],
			['entry-take-01', { type: 'take' }]
		] as const) {
			const judged = judge(copy, writeEntry(next(copy, { kind: 'act', action }, id)), MATCH);
			if (judged.kind !== 'append') throw new Error(JSON.stringify(judged));
			copy = judged.next(copy.lastSeq + 1);
		}
		const again = next(
			copy,
			{ kind: 'act', action: { type: 'reveal', card: 10 } },
			'entry-rev-002'
		);
		expect(judge(copy, writeEntry(again), MATCH)).toEqual({
			kind: 'answer',
			answer: { ok: false, why: 'refused', code: 'card-already-revealed', params: { card: 10 } }
		});
	});

	it('judge: an action the rules refuse is refused with the reducer’s code', () => {
		const copy = copyOf([start]);
		const take = next(copy, { kind: 'act', action: { type: 'take' } }, 'entry-take-01');
		const judged = judge(copy, writeEntry(take), MATCH);
		expect(judged).toMatchObject({ kind: 'answer', answer: { ok: false, why: 'refused' } });
		expect(judged.kind === 'answer' && !judged.answer.ok && judged.answer.code).toMatch(/\w/);
	});
});
