import { describe, expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { newId as newPlayerId } from '$lib/wire/ids';
import { readEntry, writeEntry } from '$lib/wire/entry';
import { startNaming } from '../../../server/group-keeper-fixtures';
import { startEntry, sealed } from './fixtures';
import { readSigned, startOf } from './appending';
import { begin } from './replay';

// A group's match's start names the group's player of each seat (docs/wire.md, "Reading a
// group's matches from the wire", step 2): a phone reading the match in play from its entries
// holds its players, as the seal says them. A start without them (a table outside a group, an
// earlier build) is read as before.

const rulesOf = (id: keyof typeof RULES) => RULES[id];
const PLAYERS = [newPlayerId(), newPlayerId(), newPlayerId()];

/** The fixtures' start, naming the group's players of its three seats. */
const groupStart = (players: readonly string[] = PLAYERS) => startNaming(players);

describe('a group’s match’s start names its players', () => {
	it('start-players: read from the wire and signed, the start keeps the players of its seats', async () => {
		const read = await readSigned(await sealed(groupStart()));
		if (!read.ok) throw new Error(read.why);
		expect(read.entry.change).toMatchObject({ kind: 'start', players: PLAYERS });
	});

	it('start-players: begin keeps them on the match in play (its start), for a reader of its entries', () => {
		const read = readEntry(writeEntry(groupStart()));
		if (!read.ok) throw new Error(read.why);
		const verdict = begin(read.entry, 1, rulesOf);
		if (verdict.kind !== 'applied') throw new Error(verdict.kind);
		expect(verdict.live.start.players).toEqual(PLAYERS);
	});

	it('start-players: a start without them (a table outside a group, an earlier build) is read as before', () => {
		const read = readEntry(writeEntry(startEntry()));
		if (!read.ok) throw new Error(read.why);
		expect(read.entry.change).not.toHaveProperty('players');
		const verdict = begin(read.entry, 1, rulesOf);
		expect(verdict.kind).toBe('applied');
		if (verdict.kind === 'applied') expect(verdict.live.start).not.toHaveProperty('players');
	});

	it('start-players: an id that is not a player’s is no start', () => {
		expect(readEntry(writeEntry(groupStart(['Ana', 'Ben', 'Chloé'])))).toEqual({
			ok: false,
			why: 'malformed'
		});
	});

	it('start-players: a table’s start names players only when the match gives them', () => {
		const local = {
			id: 'match-1',
			game: 'ill-pass' as const,
			config: { start: 0, takerReveals: false },
			names: ['Ana', 'Ben', 'Chloé'],
			createdAt: 1
		};
		const me = { by: 'phone-ana-0001', name: 'Ana' };
		expect(startOf(local, me).change).not.toHaveProperty('players');
		expect(startOf({ ...local, players: PLAYERS }, me).change).toMatchObject({ players: PLAYERS });
	});
});
