import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ANA, anaSigner } from '../src/lib/live/fixtures';
import { nextEntry } from '../src/lib/live/replay';
import { Change, Entry, Start, writeEntry, type SealEntry } from '../src/lib/wire/entry';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import { readJson } from '../src/lib/wire/json';
import { signed, verified } from '../src/lib/wire/signing';
import { EMPTY, fold, judge, judgeEntry, signedEntry, type Copy } from './judge';
import { judgeSeal, type HeldSeal } from './group-seal';
import { game, sealOf as pensSeal, startNaming as naming, tally } from './group-keeper-fixtures';

// A group's match's start names the group's player of each seat (docs/wire.md, "Reading a
// group's matches from the wire", step 2). The keeper keeps them, refuses a start naming
// another count of players than its seats (`not-passpad`), and a seal naming another count of players
// than its start does (`not-the-log`); a start naming none is judged as before.

const MATCH = 'match-1';
const PLAYERS = [newPlayerId(), newPlayerId(), newPlayerId()];

/** An I'll Pass start of three seats, Ana's, naming `players` (none: a table's, an earlier build's). */
const startNaming = (players?: string[]): Entry => naming(players, { config: game.config });

/** The copy after `start` and the tally that ends the match, both Ana's. */
function overAfter(start: Entry): Copy {
	const first = fold([{ seq: 1, data: writeEntry(start) }], MATCH);
	const ends = nextEntry(first.live!, tally, ANA, 'entry-tally-0001', 2);
	return fold(
		[start, ends].map((entry, at) => ({ seq: at + 1, data: writeEntry(entry) })),
		MATCH
	);
}

/** The pen's seal of `copy`, naming `players`. */
const sealOf = (copy: Copy, players: string[]): SealEntry => pensSeal(copy.live!, ANA, { players });

/**
 * The keeper's copy of `over` holding the pen's first seal, and `seal`'s seal of some players
 * written again over it (the next position, after the held seal).
 */
function sealedOver(over: Copy, seal: (players: string[]) => SealEntry) {
	const held: HeldSeal = {
		id: 'entry-seal-000001',
		seq: 9,
		pos: over.live!.entries.length,
		start: over.live!.start,
		subject: 's.match-1'
	};
	return {
		sealed: { ...EMPTY, sealed: held },
		again: (players: string[]): SealEntry => ({
			...seal(players),
			id: 'entry-seal-000002',
			pos: held.pos + 1,
			prev: held.id
		})
	};
}

describe('the keeper and a start naming its players', () => {
	it('start-players: this build’s keeper verifies a signed start naming them and keeps them in its copy', async () => {
		const bytes = writeEntry(await signed(startNaming(PLAYERS), await anaSigner()));
		const read = await signedEntry(bytes, MATCH);
		if (!read.ok) throw new Error(JSON.stringify(read.answer));
		const judged = judgeEntry(EMPTY, read.entry);
		if (judged.kind !== 'append') throw new Error(JSON.stringify(judged));
		expect(judged.next(1).live?.start.players).toEqual(PLAYERS);
	});

	it('start-players: a keeper of an earlier build, whose start has no players, still verifies the signature (it covers the bytes as sent)', async () => {
		// the entry schema of the build before: its start without `players`
		const before = v.object({
			...Entry.entries,
			change: v.variant('kind', [v.omit(Start, ['players']), ...Change.options.slice(1)])
		});
		const bytes = writeEntry(await signed(startNaming(PLAYERS), await anaSigner()));
		const json = readJson(bytes, 100_000);
		if (!json.ok) throw new Error(json.why);
		const parsed = v.parse(before, json.data);
		expect(parsed.change).not.toHaveProperty('players');
		// that keeper's checks (judge.ts, `signedAs`): no word more than an entry has, and the
		// signature of the message as sent
		expect(Object.keys(json.data as object).filter((word) => !(word in parsed))).toEqual([]);
		expect(await verified(json.data)).toBe(true);
	});

	it('start-players: a start naming another count of players than its seats is not Passpad’s', () => {
		for (const players of [PLAYERS.slice(0, 2), [...PLAYERS, newPlayerId()], []]) {
			expect(judge(EMPTY, writeEntry(startNaming(players)), MATCH)).toEqual({
				kind: 'answer',
				answer: { ok: false, why: 'not-passpad' }
			});
		}
		expect(judge(EMPTY, writeEntry(startNaming(PLAYERS)), MATCH).kind).toBe('append');
		expect(judge(EMPTY, writeEntry(startNaming()), MATCH).kind).toBe('append');
	});

	it('start-players: a seal names a player a seat, the start’s or those merged into since (db/players.ts), never another count', () => {
		const over = overAfter(startNaming(PLAYERS));
		expect(judgeSeal(over, sealOf(over, PLAYERS))).toBe('store');
		// a player merged into another after the start: the seal says the match as it is now
		const other = [PLAYERS[0], newPlayerId(), PLAYERS[2]];
		expect(judgeSeal(over, sealOf(over, other))).toBe('store');
		expect(judgeSeal(over, sealOf(over, PLAYERS.slice(0, 2)))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		// a start naming none (an earlier build's): a player a seat, as before
		const before = overAfter(startNaming());
		expect(judgeSeal(before, sealOf(before, other))).toBe('store');
	});

	it('start-players: a seal written again names a player a seat, merged since or not, never another count', () => {
		const over = overAfter(startNaming(PLAYERS));
		const { sealed, again } = sealedOver(over, (players) => sealOf(over, players));
		expect(judgeSeal(sealed, again(PLAYERS))).toBe('store');
		expect(judgeSeal(sealed, again([newPlayerId(), PLAYERS[1], PLAYERS[2]]))).toBe('store');
		expect(judgeSeal(sealed, again([...PLAYERS, newPlayerId()]))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
	});

	it('start-players: a phone of an earlier build, whose seal’s start drops the players it does not know, still seals, a player a seat', () => {
		const over = overAfter(startNaming(PLAYERS));
		const { players: _dropped, ...before } = over.live!.start;
		const earlier = (players: string[]) => {
			const seal = sealOf(over, players);
			return { ...seal, change: { ...seal.change, start: before } };
		};
		expect(judgeSeal(over, earlier(PLAYERS))).toBe('store');
		expect(judgeSeal(over, earlier(PLAYERS.slice(1)))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		// sealed again by it over the seal held, whose start names them
		const { sealed, again } = sealedOver(over, earlier);
		expect(judgeSeal(sealed, again(PLAYERS))).toBe('store');
		expect(judgeSeal(sealed, again(PLAYERS.slice(1)))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		// another start than the server's is still not the log
		const other = {
			...earlier(PLAYERS),
			change: { ...earlier(PLAYERS).change, start: { ...before, names: ['Ana', 'Ben', 'Zoé'] } }
		};
		expect(judgeSeal(over, other)).toEqual({ ok: false, why: 'not-the-log' });
	});
});
