/**
 * A group's match leaves the phone as entries (docs/wire.md, "On the phone: one replicator"):
 * a real nats-server and its keeper, a member's phone as a node client with its own database.
 * The store writes each step to the outbox in the change's transaction; GroupEntries sends
 * them in order to the group's append and seals the match once it is over.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as db from '$lib/db';
import { RULES } from '$lib/rules/registry';
import { ANA } from '$lib/live/fixtures';
import { groupStreamOf } from '$lib/wire/names.js';
import type { Entry, SealEntry } from '$lib/wire/entry';
import { enteredIn, tally } from '../../../server/group-keeper-fixtures';
import { accept, begin, type LiveMatch } from '$lib/live/replay';
import { GroupSync } from './sync';
import { open } from './live-fixtures';
import {
	entriesOf,
	phoneDb as phone,
	recordedIn,
	storedOf,
	syncingIn,
	useClub
} from './keeper-fixtures';

const club = useClub('Thursday club');

/** A match of the club recorded on `passpad`, and its store. */
const recorded = (passpad: db.PasspadDb) => recordedIn(passpad, club.group);

const entries = (passpad: db.PasspadDb) =>
	entriesOf({
		db: passpad,
		group: club.group,
		nc: club.nc,
		signer: club.signer,
		user: club.member.user
	});

/** What the group's stream holds of a match, in order (the server reads all). */
const stored = (match: string) => storedOf(club.server, club.group, match);

/** The group's copy of the match, replayed from what it stores (entries only, no seal). */
async function copyOf(match: string): Promise<LiveMatch> {
	let copy: LiveMatch | null = null;
	for (const { data, seq, subject } of await stored(match)) {
		if (!subject.includes('.m.')) continue;
		const verdict: ReturnType<typeof accept> = copy
			? accept(copy, data as Entry, seq)
			: begin(data as Entry, seq, (id) => RULES[id]);
		copy = (verdict as { live: LiveMatch }).live;
	}
	return copy!;
}

describe('a group’s match leaves the phone as entries', () => {
	it('entries: each act, undo and edit recorded in a group reaches the keeper in order, signed with the phone’s key, and the outbox empties', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		await store.act({ type: 'reveal', card: 17 });
		await store.act({ type: 'pass' });
		await store.undo();
		await store.act({ type: 'take' });
		await store.edit({ kind: 'change', index: 0, action: { type: 'reveal', card: 18 } });
		// written in the store's own transactions, before anything was sent
		expect((await ana.sends.toArray()).map((row) => row.change.kind)).toEqual([
			'act',
			'act',
			'undo',
			'act',
			'rewrite'
		]);
		expect(await entries(ana).send(store.match.id)).toEqual({ kind: 'done' });
		const kept = await stored(store.match.id);
		expect(kept.map((one) => (one.data as Entry).change.kind)).toEqual([
			'start',
			'act',
			'act',
			'undo',
			'act',
			'rewrite'
		]);
		expect(kept.every((one) => (one.data as Entry).key === club.signer.key)).toBe(true);
		// the start names the group's player of each seat, as its seal will (docs/wire.md)
		const players = store.match.seats.map((seat) => seat.playerId);
		expect((kept[0].data as Entry).change).toMatchObject({ kind: 'start', players });
		expect((await copyOf(store.match.id)).actions).toEqual(
			(await db.loadLog(store.match.id, ana)).actions
		);
		expect(await ana.sends.count()).toBe(0);
	});

	it('entries: a crash between the commit and the send loses nothing, and a step already stored is not stored twice', async () => {
		const name = `crash-${crypto.randomUUID()}`;
		let ana = new db.PasspadDb(name);
		await ana.open();
		const store = await recorded(ana);
		const id = store.match.id;
		await store.act({ type: 'reveal', card: 20 });
		ana.close();
		// the app starts again on the same database: the step is there
		ana = new db.PasspadDb(name);
		await ana.open();
		expect(await ana.sends.count()).toBe(1);
		expect(await entries(ana).send(id)).toEqual({ kind: 'done' });
		// the row's removal lost (a crash after the keeper stored it): it is not sent again
		await ana.sends.add({
			match: id,
			pos: 0,
			change: { kind: 'act', action: { type: 'reveal', card: 20 } }
		});
		expect(await entries(ana).send(id)).toEqual({ kind: 'done' });
		expect((await stored(id)).map((one) => (one.data as Entry).change.kind)).toEqual([
			'start',
			'act'
		]);
		expect(await ana.sends.count()).toBe(0);
	});

	it('entries: a finished match is sealed by the pen, its whole log, notes and time played in one message', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		await store.setNotes('Ben’s first win');
		expect((await store.act((tally as Extract<typeof tally, { kind: 'act' }>).action)).ok).toBe(
			true
		);
		expect(store.match.status).toBe('finished');
		expect(await entries(ana).send(store.match.id)).toEqual({ kind: 'done' });
		const seals = (await stored(store.match.id)).filter((one) => one.subject.includes('.s.'));
		expect(seals).toHaveLength(1);
		const seal = seals[0].data as SealEntry;
		expect(seal.change.log.map((one) => one.action)).toEqual(store.timeline.actions);
		expect(seal.change.notes).toBe('Ben’s first win');
		// the start with it: the keeper drops the entries, so a new phone reads the match from it
		expect(seal.change.start).toMatchObject({ game: 'ill-pass', names: ['Ana', 'Ben', 'Chloé'] });
		expect(seal.change.players).toEqual(store.match.seats.map((seat) => seat.playerId));
		expect(seal.change.start.players).toEqual(seal.change.players);
		expect(seal.change.abandoned).toBe(false);
		expect(seal.key).toBe(club.signer.key);
	});

	it('entries: with sealing off (EntriesOptions.seal), a finished match keeps its entries and is not sealed', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		expect((await store.act((tally as Extract<typeof tally, { kind: 'act' }>).action)).ok).toBe(
			true
		);
		const unsealed = entriesOf({
			db: ana,
			group: club.group,
			nc: club.nc,
			signer: club.signer,
			user: club.member.user,
			seal: false
		});
		expect(await unsealed.send(store.match.id)).toEqual({ kind: 'done' });
		expect((await stored(store.match.id)).map((one) => one.subject.split('.')[3])).toEqual([
			'm',
			'm'
		]);
	});

	it('entries: an abandoned match is sealed as abandoned, and when, though no step waits', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		await store.act({ type: 'reveal', card: 11 });
		expect(await entries(ana).send(store.match.id)).toEqual({ kind: 'done' });
		await store.abandon();
		expect(await ana.sends.count()).toBe(0);
		const sent = await entries(ana).sendAll([store.match.id]);
		expect(sent.get(store.match.id)).toEqual({ kind: 'done' });
		const seals = (await stored(store.match.id)).filter((one) => one.subject.includes('.s.'));
		expect((seals[0]?.data as SealEntry | undefined)?.change.abandoned).toBe(true);
		// stored by the keeper, signed: when the players abandoned it (seal-says.test)
		expect((seals[0]?.data as SealEntry).change.abandonedAt).toBe(store.match.abandonedAt);
	});

	it('entries: a finished match with no step of this phone’s (another phone recorded it, sent as versions) is never started here', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;
		expect((await store.act(round)).ok).toBe(true);
		// as the group's version of another phone's match writes it: no step waits here
		await ana.sends.clear();
		expect(await entries(ana).sendAll([store.match.id])).toEqual(
			new Map([[store.match.id, { kind: 'done' }]])
		);
		expect(await stored(store.match.id)).toEqual([]);
	});

	it('entries: a stale phone gets moved, its step kept and nothing of the group’s overwritten', async () => {
		const ana = await phone();
		const store = await recorded(ana);
		const id = store.match.id;
		await store.act({ type: 'reveal', card: 12 });
		expect(await entries(ana).send(id)).toEqual({ kind: 'done' });
		// the same key enters on another copy of this phone (a backup put back elsewhere)
		await enteredIn(
			club.nc,
			club.group,
			await copyOf(id),
			{ kind: 'act', action: { type: 'pass' } },
			club.signer,
			ANA
		);
		await store.act({ type: 'take' });
		expect(await entries(ana).send(id)).toEqual({ kind: 'moved' });
		const rows = await ana.sends.toArray();
		expect(rows).toHaveLength(1);
		expect(rows[0].refused?.why).toBe('moved');
		expect((await copyOf(id)).actions).toEqual([{ type: 'reveal', card: 12 }, { type: 'pass' }]);
	});
});

describe('the group’s sync sends its matches as entries too', () => {
	it('entries: a match recorded in a group reaches the keeper entry by entry through GroupSync, sealed when over, and its whole-match version still goes', async () => {
		const ana = await phone();
		const sync = await syncingIn(ana, club, club.nc, club.signer);
		try {
			await sync.caughtUp();
			const store = await recorded(ana);
			// the score pad's one round (a whole game), then its result taken back and entered again
			const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;
			expect((await store.act(round)).ok).toBe(true);
			expect((await store.undo()).ok).toBe(true);
			expect((await store.act(round)).ok).toBe(true);
			await sync.flush();
			await sync.entriesSettled();
			const kept = (await stored(store.match.id)).filter((one) => !one.subject.includes('.match.'));
			// sealed: the keeper stores a seal only on its own log, action for action, then drops
			// the match's entries (a new group's stream), so the seal is all that is left
			expect(kept.map((one) => one.subject.split('.')[3])).toEqual(['s']);
			expect((kept[0].data as SealEntry).change.log.map((one) => one.action)).toEqual([round]);
			expect(sync.entriesSent.get(store.match.id)).toEqual({ kind: 'done' });
			// the whole-match version, for phones that read only those (docs/wire.md, "Upgrade in place")
			const jsm = await club.server.live.groupManager(club.group);
			const version = await jsm.streams.getMessage(groupStreamOf(club.group), {
				last_by_subj: `passpad.g.${club.group}.match.${store.match.id}`
			});
			expect(JSON.parse(new TextDecoder().decode(version!.data))).toMatchObject({
				id: store.match.id
			});
			expect(await ana.sends.count()).toBe(0);
		} finally {
			await sync.stop();
		}
	});
});

describe('a phone reading the group while a match is sealed', () => {
	it('entries: a member’s reader of today’s build takes the sealed match’s version and the next match after the keeper deleted its entries', async () => {
		const { member } = await club.server.live.invite(club.group, 'Ben’s phone');
		const [ana, ben] = [await phone('ana'), await phone('ben')];
		// each phone joined the club: Ana's sending entries, Ben's a reader (open: the database
		// opened again, the group's row added)
		const anaSync = await syncingIn(ana, club, club.nc, club.signer);
		await open(ben, club.group, member);
		const benSync = new GroupSync({
			nc: await club.server.phone(member),
			db: ben,
			group: club.group,
			phone: 'phone-ben-0002'
		}).start();
		try {
			await Promise.all([anaSync.caughtUp(), benSync.caughtUp()]);
			const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;
			const ids: string[] = [];
			for (let match = 0; match < 2; match++) {
				const store = await recorded(ana);
				expect((await store.act(round)).ok).toBe(true);
				await anaSync.flush();
				await anaSync.entriesSettled();
				ids.push(store.match.id);
				// sealed, its entries deleted: Ben's reader goes on
				expect(
					(await stored(store.match.id)).filter((one) => one.subject.includes('.s.'))
				).toHaveLength(1);
				await expect
					.poll(async () => (await ben.matches.get(store.match.id))?.length, { timeout: 15_000 })
					.toBe(1);
			}
		} finally {
			await Promise.all([anaSync.stop(), benSync.stop()]);
		}
	});
});
