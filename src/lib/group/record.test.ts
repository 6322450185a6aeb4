import { describe, expect, it } from 'vitest';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { newId } from '$lib/wire/ids';
import { SCHEMA_VERSION, type MatchRow } from '$lib/db/schema';
import { RECORD_VERSION, matchVersion, proveMatch, readVersion, writeVersion } from './record';

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
		// v11 stores a log as one string on the phone (v12 adds its seals); the wire still
		// carries the objects
		expect(SCHEMA_VERSION).toBe(12);
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
