/**
 * One track a match, read from the group's wire (docs/wire.md, "Reading a group's matches from
 * the wire: the switch"): a real nats-server and its keeper; Ana's phone sends its matches as
 * entries and seals, as the app does; another phone of the club reads the wire whole, then on,
 * and must find what Ana's phone holds: a sealed match as the very version Ana's phone sends
 * of it (its digest), a match in play as its log. Anything else would be a false conflict on
 * the day the group reads its matches from the wire.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import type { PasspadDb } from '$lib/db';
import { loadLog } from '$lib/db';
import { matchWithLog } from '$lib/db/group/here';
import { RULES } from '$lib/rules/registry';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupEntrySubject } from '$lib/wire/names.js';
import { RECORD_VERSION, digest, matchVersion } from './record';
import { entriesOf, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';
import { tally } from '../../../server/group-keeper-fixtures';
import { readWire, type WireReading } from './wire-reader';
import { versionOfTrack, wireSubjectOf, type Track } from './track';

const server = useKeeper();
const rulesOf = (id: keyof typeof RULES) => RULES[id];

/** A club with Ana's phone sending its matches as the app does, and a second member's reader. */
async function club() {
	const made = await server().live.createGroup('Thursday club', 'Ana’s phone');
	const nc = await server().phone(made.member);
	const signer = await signerOf(await newKeyPair());
	const ana = await phoneDb();
	const send = (id: string) =>
		entriesOf({ db: ana, group: made.group, nc, signer, user: made.member.user }).send(id);
	const ben = await server().live.invite(made.group, 'Ben’s phone');
	const reader = await server().phone(ben.member);
	return { group: made.group, ana, send, reader };
}

/** The version Ana's phone sends of match `id` now (changes.ts builds it so). */
async function sentOf(ana: PasspadDb, id: string) {
	const { match, log } = await matchWithLog(ana, id);
	return matchVersion(match!, log, { v: RECORD_VERSION, id, by: 'ana', at: 0, contest: null });
}

/** A track, once the reading has one for `id` that `until` says is the one awaited. */
function trackOf(reading: WireReading, id: string, until: (track: Track) => boolean) {
	return new Promise<Track>((done) => {
		const look = () => {
			const track = reading.tracks.track(id);
			if (track && until(track)) return done(track);
			setTimeout(look, 20);
		};
		look();
	});
}

describe('one track a match, read from the group’s wire', () => {
	it('one track a match: a sealed match reads as the version its sealing phone sends, a match in play as its entries, and a match moves from one to the other as the wire goes on', async () => {
		const { group, ana, send, reader } = await club();
		const finished = await recordedIn(ana, group);
		await finished.setNotes('Ben’s first win');
		expect((await finished.act((tally as { action: unknown }).action)).ok).toBe(true);
		expect(await send(finished.match.id)).toEqual({ kind: 'done' });
		const playing = await recordedIn(ana, group);
		await playing.act({ type: 'reveal', card: 17 });
		await playing.act({ type: 'pass' });
		await playing.undo();
		await playing.act({ type: 'take' });
		expect(await send(playing.match.id)).toEqual({ kind: 'done' });

		const reading = readWire(jetstream(reader), group, { rulesOf });
		try {
			await reading.caughtUp;
			const sealed = reading.tracks.track(finished.match.id)!;
			expect(sealed.kind).toBe('sealed');
			expect(digest(versionOfTrack(sealed)!)).toBe(digest(await sentOf(ana, finished.match.id)));
			const inPlay = reading.tracks.track(playing.match.id)!;
			expect(inPlay.kind).toBe('in-play');
			expect(inPlay.kind === 'in-play' && inPlay.live.actions).toEqual(
				(await loadLog(playing.match.id, ana)).actions
			);
			// read on: the match in play is abandoned, sealed, and its track is the seal
			await playing.abandon();
			expect(await send(playing.match.id)).toEqual({ kind: 'done' });
			const now = await trackOf(reading, playing.match.id, (track) => track.kind === 'sealed');
			expect(digest(versionOfTrack(now)!)).toBe(digest(await sentOf(ana, playing.match.id)));
			// a correction made after the seal is sealed again over it, and read as such
			await playing.setNotes('Chloé kept her chips');
			expect(await send(playing.match.id)).toEqual({ kind: 'done' });
			const again = await trackOf(
				reading,
				playing.match.id,
				(track) => track.kind === 'sealed' && track.seal.change.notes === 'Chloé kept her chips'
			);
			expect(digest(versionOfTrack(again)!)).toBe(digest(await sentOf(ana, playing.match.id)));
			expect(reading.tracks.size).toBe(2);
		} finally {
			reading.stop();
		}
	});

	it('one track a match: a phone started again reads on after what it took, and finds the newest of each match', async () => {
		const { group, ana, send, reader } = await club();
		const playing = await recordedIn(ana, group);
		await playing.act({ type: 'reveal', card: 20 });
		expect(await send(playing.match.id)).toEqual({ kind: 'done' });
		const first = readWire(jetstream(reader), group, { rulesOf });
		await first.caughtUp;
		const readTo = first.readTo();
		first.stop();
		expect(readTo).toBeGreaterThan(0);
		await playing.act({ type: 'pass' });
		expect(await send(playing.match.id)).toEqual({ kind: 'done' });
		// the second start is told only what came after: the match in play it finds whole
		const moved: string[] = [];
		const second = readWire(jetstream(reader), group, {
			rulesOf,
			after: readTo,
			moved: (match) => moved.push(match)
		});
		try {
			await second.caughtUp;
			await expect.poll(() => moved).toEqual([playing.match.id]);
			const track = second.tracks.track(playing.match.id)!;
			expect(track.kind === 'in-play' && track.live.actions).toEqual(
				(await loadLog(playing.match.id, ana)).actions
			);
			expect(track.kind === 'in-play' && track.live.actions).toHaveLength(2);
		} finally {
			second.stop();
		}
	});

	it('one track a match: a broken message on the wire (a keeper’s fault) refuses its own match only, and the others read on', async () => {
		const { group, ana, send, reader } = await club();
		const broken = await recordedIn(ana, group);
		await broken.act({ type: 'reveal', card: 17 });
		expect(await send(broken.match.id)).toEqual({ kind: 'done' });
		const other = await recordedIn(ana, group);
		await other.act({ type: 'reveal', card: 30 });
		expect(await send(other.match.id)).toEqual({ kind: 'done' });
		// the wire is the keeper's alone to write: a message there that does not follow is a
		// broken keeper's, written here with the group's own writer
		const clerk = await server().live.groupWriter(group);
		const junk = new TextEncoder().encode('{"v":1,"not":"an entry"}');
		await clerk.publish(groupEntrySubject(group, broken.match.id, 2), junk);
		const reading = readWire(jetstream(reader), group, { rulesOf });
		try {
			await reading.caughtUp;
			expect(reading.tracks.track(broken.match.id)).toMatchObject({
				kind: 'refused',
				why: 'malformed'
			});
			expect(reading.tracks.track(other.match.id)?.kind).toBe('in-play');
			// the other match read on as before
			await other.act({ type: 'pass' });
			expect(await send(other.match.id)).toEqual({ kind: 'done' });
			const on = await trackOf(
				reading,
				other.match.id,
				(track) => track.kind === 'in-play' && track.live.actions.length === 2
			);
			expect(on.kind === 'in-play' && on.live.actions).toEqual(
				(await loadLog(other.match.id, ana)).actions
			);
			expect(reading.tracks.track(broken.match.id)?.kind).toBe('refused');
		} finally {
			reading.stop();
		}
	});

	it('one track a match: only the wire’s own subjects name a match', () => {
		expect(wireSubjectOf('club01', groupEntrySubject('club01', 'abc', 3))).toEqual({
			kind: 'entry',
			match: 'abc',
			pos: 3
		});
		expect(wireSubjectOf('club01', 'passpad.gw.club01.s.abc')).toEqual({
			kind: 'seal',
			match: 'abc'
		});
		for (const stranger of [
			'passpad.gw.club02.s.abc',
			'passpad.g.club01.match.abc',
			'passpad.gw.club01.m.abc.03',
			'passpad.gw.club01.m.abc',
			'passpad.gw.club01.s.abc.1',
			'passpad.gw.club01.s.',
			'passpad.gw.club01.m..3'
		]) {
			expect(wireSubjectOf('club01', stranger)).toBeNull();
		}
	});
});
