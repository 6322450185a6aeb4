/**
 * A group's match's start names the group's player of each seat (docs/wire.md, "Reading a
 * group's matches from the wire", step 2), through the keeper: a real nats-server, a member's
 * phone as a node client. The start is stored as sent, its players with it; one naming another
 * count of players than its seats, and a seal naming another count, are refused and not
 * stored.
 */
import { describe, expect, it } from 'vitest';
import { ANA } from '../src/lib/live/fixtures';
import { begin, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { writeEntry, type SealEntry } from '../src/lib/wire/entry';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import { signed } from '../src/lib/wire/signing';
import {
	anasStart,
	askKeeper,
	enteredIn,
	sealOf,
	storedOf,
	tally,
	useClub
} from './group-keeper-fixtures';

const club = useClub('Thursday club', { registered: true });

/** Ana's start of an I'll Pass match of three in the club, naming `players`, signed. */
const startNaming = async (match: string, players: string[]) =>
	signed(anasStart(match, players), club.signer);

/** What the group's stream holds of a match, in order (the server reads all). */
const held = (match: string) => storedOf(club.server, club.group, match);

describe('a group’s match’s start names its players, through the keeper', () => {
	it('group start players: the start stored on the group’s stream names the player of each seat, and the seal naming them seals the match', async () => {
		const players = [newPlayerId(), newPlayerId(), newPlayerId()];
		const start = await startNaming('named', players);
		expect(await askKeeper(club.nc, club.group, 'named', writeEntry(start))).toMatchObject({
			ok: true
		});
		const stored = await held('named');
		expect(stored.map((one) => one.data.change)).toEqual([
			expect.objectContaining({ kind: 'start', players })
		]);
		let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
		copy = await enteredIn(club.nc, club.group, copy, tally, club.signer, ANA);
		// another count of players than its seats: not the log (another player at a seat is a
		// merge since the start, group-seal.ts)
		const miscounted = sealOf(copy, ANA, { players: players.slice(0, 2) });
		const refused = writeEntry(await signed(miscounted, club.signer));
		expect(await askKeeper(club.nc, club.group, 'named', refused)).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		const seal = sealOf(copy, ANA, { players });
		const bytes = writeEntry(await signed(seal, club.signer));
		expect(await askKeeper(club.nc, club.group, 'named', bytes)).toMatchObject({ ok: true });
		const sealed = (await held('named')).filter((one) => one.subject.includes('.s.'));
		expect(sealed.map((one) => (one.data as SealEntry).change.start.players)).toEqual([players]);
	});

	it('group start players: a start naming another count of players than its seats is not Passpad’s, and not stored', async () => {
		const start = await startNaming('miscounted', [newPlayerId(), newPlayerId()]);
		expect(await askKeeper(club.nc, club.group, 'miscounted', writeEntry(start))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
		expect(await held('miscounted')).toEqual([]);
	});
});
