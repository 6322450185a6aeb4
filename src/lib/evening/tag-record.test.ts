import { describe, expect, it } from 'vitest';
import type { MatchRow } from '../db/schema';
import {
	matchVersion,
	proveMatch,
	readVersion,
	RECORD_VERSION,
	writeVersion
} from '../group/record';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { newId } from '../wire/ids';
import { DEFAULT_SCALE, eveningOf, withEvening } from './tag';

/** A finished I'll Pass match as the group's version, its config as given. */
function version(config: object) {
	const game = randomGame(seeded(5), 3);
	const id = newId();
	const row = {
		id,
		game: 'ill-pass',
		config: { ...game.config, ...config },
		seats: ['Ana', 'Ben', 'Chloé'].map((name) => ({ playerId: newId(), name })),
		notes: '',
		playedMs: 0,
		playedByHand: false,
		status: 'finished',
		createdAt: 1,
		updatedAt: 2
	} as unknown as MatchRow;
	const log = game.actions.map((action, at) => ({ action, at: 10 + at }));
	const stamp = { v: RECORD_VERSION, id, by: 'phone-test-01', at: 3, contest: null } as const;
	return readVersion(writeVersion(matchVersion(row, log, stamp)));
}

describe("evening tag in the group's record", () => {
	it('a match of an evening travels with its tag: read, proven and finished, the tag kept', () => {
		const tag = { id: newId(), round: 1, table: 2, scale: DEFAULT_SCALE };
		const read = version(withEvening({}, tag));
		expect(read.ok).toBe(true);
		if (!read.ok || read.version.kind !== 'match' || read.version.deleted)
			throw new Error('not a match');
		const proof = proveMatch(read.version);
		expect(proof.ok && proof.match.status).toBe('finished');
		expect(proof.ok && eveningOf(proof.match.config)).toEqual(tag);
	});

	it('an old version without the tag still reads and proves: a match of no evening', () => {
		const read = version({});
		if (!read.ok || read.version.kind !== 'match' || read.version.deleted)
			throw new Error('not a match');
		const proof = proveMatch(read.version);
		expect(proof.ok && proof.match.status).toBe('finished');
		expect(proof.ok && eveningOf(proof.match.config)).toBeNull();
	});
});
