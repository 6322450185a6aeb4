import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { key } from '$lib/live/sync';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { newId } from '$lib/db/ids';
import { SCHEMA_VERSION, type MatchRow } from '$lib/db/schema';
import {
	RECORD_VERSION,
	canonicalKey,
	matchVersion,
	proveMatch,
	readVersion,
	writeVersion
} from './record';

describe('group record: digest text', () => {
	it('record: canonicalKey writes what live/sync.ts key writes, for any value (names in or out of order, array indexes, undefined, odd numbers)', () => {
		const names = fc.oneof(
			fc.string(),
			fc.constantFrom('0', '1', '10', '2', '01', '-1', '4294967295', '4294967294', 'a', 'B')
		);
		const value = fc.letrec((tie) => ({
			any: fc.oneof(
				{ depthSize: 'small' },
				fc.jsonValue(),
				fc.constantFrom(undefined, NaN, -0, Infinity, 1e21),
				fc.array(tie('any')),
				fc.dictionary(names, tie('any'))
			)
		})).any;
		fc.assert(
			fc.property(value, (input) => {
				expect(canonicalKey(input)).toBe(key(input));
			}),
			{ numRuns: 500 }
		);
	});

	it('record: an object whose names are in order is written as it is, one out of order sorted', () => {
		expect(canonicalKey({ a: 1, b: { c: [2, { d: 3, e: 4 }] } })).toBe(
			'{"a":1,"b":{"c":[2,{"d":3,"e":4}]}}'
		);
		expect(canonicalKey({ b: 1, a: { e: 2, d: 3 } })).toBe('{"a":{"d":3,"e":2},"b":1}');
		expect(canonicalKey({ b: 1, 10: 2, 9: 3 })).toBe('{"9":3,"10":2,"b":1}');
	});
});

describe('group record: the wire keeps its own version', () => {
	it('record: a match version says v 1 and nothing of the database version (6): a phone of database v5 reads it, log in order with its times, and proves it', () => {
		const game = randomGame(seeded(3), 3);
		const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ playerId: newId(), name }));
		const row = {
			id: newId(),
			game: 'ill-pass',
			config: game.config,
			seats,
			notes: '',
			playedMs: 0,
			playedByHand: false,
			status: 'finished',
			createdAt: 1,
			updatedAt: 2
		} as unknown as MatchRow;
		const log = game.actions.map((action, at) => ({ action, at: 10 + at }));
		const stamp = {
			v: RECORD_VERSION,
			id: row.id,
			by: 'phone-test-01',
			at: 3,
			contest: null
		} as const;
		const bytes = writeVersion(matchVersion(row, log, stamp));
		const wire = JSON.parse(new TextDecoder().decode(bytes));
		expect(SCHEMA_VERSION).toBe(7);
		expect(wire.v).toBe(1);
		expect(JSON.stringify(wire)).not.toContain('schema');
		expect(wire.log).toEqual(log);
		const read = readVersion(bytes);
		expect(read.ok).toBe(true);
		if (read.ok && read.version.kind === 'match' && !read.version.deleted) {
			const proof = proveMatch(read.version);
			expect(proof.ok && proof.match.status).toBe('finished');
		}
	});
});
