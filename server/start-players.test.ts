import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ANA, anaSigner, startEntry } from '../src/lib/live/fixtures';
import { nextEntry } from '../src/lib/live/replay';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { Change, Entry, Start, writeEntry, type SealEntry } from '../src/lib/wire/entry';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import { readJson } from '../src/lib/wire/json';
import { signed, verified } from '../src/lib/wire/signing';
import { EMPTY, fold, judge, judgeEntry, signedEntry, type Copy } from './judge';
import { judgeSeal, type HeldSeal } from './group-seal';

// A group's match's start names the group's player of each seat (docs/wire.md, "Reading a
// group's matches from the wire", step 2). The keeper keeps them, refuses a start naming
// another count of players than its seats (`not-passpad`), and a seal naming another count of players
// than its start does (`not-the-log`); a start naming none is judged as before.

const MATCH = 'match-1';
const game = randomGame(seeded(11), 3);
const PLAYERS = [newPlayerId(), newPlayerId(), newPlayerId()];

/** An I'll Pass start of three seats, Ana's, naming `players` (none: a table's, an earlier build's). */
function startNaming(players?: string[]): Entry {
	const start = startEntry({ config: game.config });
	if (start.change.kind !== 'start') throw new Error('a start');
	return players ? { ...start, change: { ...start.change, players } } : start;
}

/** The copy after `start` and the tally that ends the match, both Ana's. */
function overAfter(start: Entry): Copy {
	const first = fold([{ seq: 1, data: writeEntry(start) }], MATCH);
	const hands = game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }));
	const tally = nextEntry(
		first.live!,
		{ kind: 'act', action: { type: 'tally', hands } },
		ANA,
		'entry-tally-0001',
		2
	);
	return fold(
		[start, tally].map((entry, at) => ({ seq: at + 1, data: writeEntry(entry) })),
		MATCH
	);
}

/** The pen's seal of `copy`, naming `players`. */
function sealOf(copy: Copy, players: string[]): SealEntry {
	const live = copy.live!;
	return {
		v: 1,
		id: 'entry-seal-000001',
		match: MATCH,
		pos: live.entries.length,
		prev: live.entries[live.entries.length - 1].id,
		by: ANA,
		at: 3,
		change: {
			kind: 'seal',
			start: live.start,
			players,
			playedByHand: false,
			log: live.actions.map((action, at) => ({ action: action as { type: string }, at })),
			notes: '',
			playedMs: null,
			abandoned: false
		}
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
		const held: HeldSeal = {
			id: 'entry-seal-000001',
			seq: 9,
			pos: over.live!.entries.length,
			start: over.live!.start,
			subject: 's.match-1'
		};
		const again = (players: string[]) => ({
			...sealOf(over, players),
			id: 'entry-seal-000002',
			pos: held.pos + 1,
			prev: held.id
		});
		const sealed = { ...EMPTY, sealed: held };
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
		const held: HeldSeal = {
			id: 'entry-seal-000001',
			seq: 9,
			pos: over.live!.entries.length,
			start: over.live!.start,
			subject: 's.match-1'
		};
		const again = (players: string[]) => ({
			...earlier(players),
			id: 'entry-seal-000002',
			pos: held.pos + 1,
			prev: held.id
		});
		const sealed = { ...EMPTY, sealed: held };
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
