/**
 * A seal read as a group's version (sealed.ts): the version of the match it seals, proven by
 * the same path as a whole-match version, and refused when its seats and players disagree.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ANA, startEntry } from '$lib/live/fixtures';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { readSealEntry, writeEntry, type SealEntry } from '$lib/wire/entry';
import { newId } from '$lib/wire/ids';
import { MatchVersion, proveMatch } from './record';
import { versionOfSeal, versionOfSealed } from './sealed';

const game = randomGame(seeded(11), 3);
const tally = {
	type: 'tally',
	hands: game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
};
const players = [newId(), newId(), newId()];

function sealOf(change: Partial<SealEntry['change']> = {}): SealEntry {
	const start = startEntry({ config: game.config, at: 5 }).change;
	if (start.kind !== 'start') throw new Error('a start');
	return {
		v: 1,
		id: 'entry-seal-000001',
		match: newId(),
		pos: 2,
		prev: 'entry-act-000001',
		by: ANA,
		at: 1_700_000_900_000,
		change: {
			kind: 'seal',
			start,
			players,
			playedByHand: false,
			log: [{ action: tally, at: 1_700_000_800_000 }],
			notes: 'Au club',
			playedMs: 25 * 60_000,
			abandoned: false,
			...change
		}
	};
}

describe('a seal read as a group’s version', () => {
	it('sealed: a seal read from its bytes is the version of its match, proven as a whole-match version is', () => {
		const read = readSealEntry(writeEntry(sealOf()));
		expect(read.ok).toBe(true);
		const version = versionOfSeal((read as { entry: SealEntry }).entry)!;
		expect(v.safeParse(MatchVersion, version).success).toBe(true);
		expect(version.seats.map((seat) => seat.player)).toEqual(players);
		expect(version).toMatchObject({ notes: 'Au club', playedMs: 25 * 60_000, abandonedAt: null });
		const proof = proveMatch(version);
		expect(proof.ok).toBe(true);
		expect((proof as { match: { status: string } }).match.status).toBe('finished');
	});

	it('sealed: an abandoned seal is an abandoned version, abandoned when the players abandoned it', () => {
		const seal = sealOf({
			abandoned: true,
			abandonedAt: 1_700_000_850_000,
			updatedAt: 1_700_000_840_000,
			log: []
		});
		const read = readSealEntry(writeEntry(seal));
		const version = versionOfSeal((read as { entry: SealEntry }).entry)!;
		expect(version.abandonedAt).toBe(1_700_000_850_000);
		// last played when its phone says, not when sealed
		expect(version.updatedAt).toBe(1_700_000_840_000);
		expect(proveMatch(version).ok).toBe(true);
	});

	it('sealed: an abandoned seal of an earlier build (no times) is abandoned and last played when it was sealed', () => {
		const version = versionOfSeal(sealOf({ abandoned: true, log: [] }))!;
		expect(version.abandonedAt).toBe(1_700_000_900_000);
		expect(version.updatedAt).toBe(1_700_000_900_000);
		expect(proveMatch(version).ok).toBe(true);
	});

	it('sealed: a seal saying the match was deleted is the group’s deleted version of it', () => {
		const seal = sealOf({ deleted: true });
		const version = versionOfSealed(seal)!;
		expect(v.safeParse(MatchVersion, version).success).toBe(true);
		expect(version).toMatchObject({ id: seal.match, kind: 'match', deleted: true });
		const kept = sealOf();
		expect(versionOfSealed(kept)).toEqual(versionOfSeal(kept));
	});

	it('sealed: a seal whose players do not pair with its seats is no version', () => {
		expect(versionOfSeal(sealOf({ players: players.slice(1) }))).toBeNull();
	});
});
