/**
 * A seal read from the group's wire taken into the record (take-track.ts; docs/wire.md,
 * "Reading a group's matches from the wire: the switch", step 3): as the group's version of the
 * match, through the proof and the reconciliation of a version, its `synced` row becoming the
 * seal's and the seal kept, so the next change here is sealed over it; never merged over a
 * change made here; one sequence space with the versions.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { PasspadDb } from '$lib/db/db';
import { loadLog } from '$lib/db/log';
import { setNotes } from '$lib/db/matches';
import { sealHad } from '$lib/db/group/seals';
import type { SealEntry } from '$lib/wire/entry';
import { newId } from '$lib/wire/ids';
import { recordSubject } from '$lib/wire/names.js';
import { SyncCore } from './core';
import { illPassVersion, playerVersion, sealOfVersion, type ClubSeat } from './fixtures';
import { digest, writeVersion, type KeptMatch } from './record';
import { versionOfSealed } from './sealed';
import { take } from './take';
import { drain, sealedDone } from './changes';
import { recordOf } from '$lib/db/group/synced';
import { takeTrack, takeTracks } from './take-track';
import type { Track } from './track';

const GROUP = 'gtrack01';
const BEN = 'phone-ben-000001';
const seats: ClubSeat[] = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
const opened: PasspadDb[] = [];

afterEach(async () => {
	for (const db of opened.splice(0)) await db.delete();
});

/** A phone in the group, its roster read (players at stream sequences 1 to 3), nothing else. */
async function phone(): Promise<SyncCore> {
	const db = new PasspadDb(`take-track-${newId()}`);
	opened.push(db);
	await db.open();
	await db.groups.add({ id: GROUP, name: 'Jeudi', joinedAt: 1, user: 'ana', pass: 'x' } as never);
	const core = new SyncCore({ db, group: GROUP, phone: 'phone-ana-000001', online: false });
	for (const [at, seat] of seats.entries()) {
		const version = playerVersion(BEN, seat, at);
		await take(
			core,
			`passpad.g.${GROUP}.player.${seat.player}`,
			at + 1,
			newId(),
			writeVersion(version)
		);
	}
	return core;
}

/** The seal Ben's phone writes of `version`, changed by `change`. */
const sealOf = (version: KeptMatch, change: Partial<KeptMatch> = {}): SealEntry =>
	sealOfVersion({ ...version, ...change }, BEN, 'Ben');

const sealed = (seal: SealEntry, seq: number): Track => ({ kind: 'sealed', seal, seq });

/** Ben's finished match, as his version says it. */
const bens = (seed = 7) =>
	illPassVersion(BEN, newId(), seats, { seed, at: 1_700_000_000_000, span: 600_000 });

/** The group's version of `version` taken here at `seq` (the versions' track). */
const versionTaken = (core: SyncCore, version: KeptMatch, seq: number) =>
	take(core, recordSubject(GROUP, version.id), seq, `v-${seq}`, writeVersion(version));

describe('a seal taken from the wire', () => {
	it('a seal of a match this phone never had is written as the group’s version, its synced row the seal’s and the seal kept', async () => {
		const core = await phone();
		const version = bens();
		const seal = sealOf(version);
		expect(await takeTrack(core, version.id, sealed(seal, 40))).toBe('taken');
		const log = await loadLog(version.id, core.db);
		expect(log.actions).toEqual(version.log.map((entry) => entry.action));
		expect(log.match).toMatchObject({ group: GROUP, status: 'finished', notes: '' });
		const synced = await core.db.synced.get([GROUP, `match.${version.id}`]);
		expect(synced).toMatchObject({
			seq: 40,
			msgId: seal.id,
			hash: digest(versionOfSealed(seal)!),
			onWire: true
		});
		expect(await sealHad(core.db, GROUP, version.id)).toMatchObject({ id: seal.id, pos: seal.pos });
		// how far the wire was taken, in the same transaction: a later start reads on from there
		expect((await core.db.groups.get(GROUP))!.wireReadTo).toBe(40);
	});

	it('a seal saying what the copy here says writes nothing new, and the copy is as that seal', async () => {
		const core = await phone();
		const version = bens();
		await versionTaken(core, version, 30);
		const before = (await core.db.matches.get(version.id))!.revision;
		const seal = sealOf(version);
		expect(await takeTrack(core, version.id, sealed(seal, 31))).toBe('taken');
		expect((await core.db.matches.get(version.id))!.revision).toBe(before);
		expect(await core.db.synced.get([GROUP, `match.${version.id}`])).toMatchObject({ seq: 31 });
		expect(await sealHad(core.db, GROUP, version.id)).toMatchObject({ id: seal.id });
	});

	it('a seal of another phone’s correction over a match unchanged here is taken: the correction shows', async () => {
		const core = await phone();
		const version = bens();
		await versionTaken(core, version, 30);
		const seal = sealOf(version, { notes: 'Ben a recompté ses jetons.' });
		expect(await takeTrack(core, version.id, sealed(seal, 55))).toBe('taken');
		expect((await core.db.matches.get(version.id))!.notes).toBe('Ben a recompté ses jetons.');
	});

	it('never merged: a seal over a change made here is a conflict shown, the copy kept and no seal kept', async () => {
		const core = await phone();
		const version = bens();
		await versionTaken(core, version, 30);
		// a note written here since the group's version was taken, as the match's page writes it
		await setNotes(version.id, 'Noté ici.', core.db);
		const seal = sealOf(version, { notes: 'Noté chez Ben.' });
		expect(await takeTrack(core, version.id, sealed(seal, 55))).toBe('not-taken');
		expect((await core.db.matches.get(version.id))!.notes).toBe('Noté ici.');
		const conflict = await core.db.conflicts.get([GROUP, `match.${version.id}`]);
		expect(conflict).toMatchObject({ theirsSeq: 55, theirsMsgId: seal.id });
		expect(await sealHad(core.db, GROUP, version.id)).toBeUndefined();
	});

	it('one sequence space: a seal older than the version taken here is known, and a version older than the seal taken is', async () => {
		const core = await phone();
		const version = bens();
		const corrected = { ...version, notes: 'Corrigé après la partie.' };
		await versionTaken(core, corrected, 60);
		expect(await takeTrack(core, version.id, sealed(sealOf(version), 50))).toBe('not-taken');
		expect((await core.db.matches.get(version.id))!.notes).toBe('Corrigé après la partie.');
		expect(await sealHad(core.db, GROUP, version.id)).toBeUndefined();

		const other = bens(8);
		const seal = sealOf(other);
		expect(await takeTrack(core, other.id, sealed(seal, 70))).toBe('taken');
		await versionTaken(core, { ...other, notes: 'Une version d’avant le sceau.' }, 65);
		expect((await core.db.matches.get(other.id))!.notes).toBe('');
		expect(await core.db.synced.get([GROUP, `match.${other.id}`])).toMatchObject({ seq: 70 });
	});

	it('the record’s last version is kept beside the seal (what a version would expect should the group turn back): the one taken before, carried over the next seal, and one older than the seal read after moves its sequence', async () => {
		const core = await phone();
		const version = bens();
		await versionTaken(core, version, 30);
		const row = () => core.db.synced.get([GROUP, `match.${version.id}`]);
		expect(await takeTrack(core, version.id, sealed(sealOf(version), 31))).toBe('taken');
		expect(await row()).toMatchObject({ seq: 31, record: { seq: 30, hash: digest(version) } });
		const noted = sealOf(version, { notes: 'Noté chez Ben.' });
		expect(await takeTrack(core, version.id, sealed(noted, 40))).toBe('taken');
		expect(await row()).toMatchObject({ seq: 40, record: { seq: 30, hash: digest(version) } });

		// a version read late, older than the seal: not taken, its sequence the one to expect
		await versionTaken(core, { ...version, notes: 'Une version d’avant le sceau.' }, 35);
		expect(await row()).toMatchObject({ seq: 40, record: { seq: 35, hash: null } });
		expect((await core.db.matches.get(version.id))!.notes).toBe('Noté chez Ben.');
	});

	it('a match in play, or one whose entries did not follow, is left to the versions: nothing written', async () => {
		const core = await phone();
		const refused: Track = { kind: 'refused', why: 'conflict', seq: 12 };
		expect(await takeTrack(core, 'match-x', refused)).toBe('left');
		expect(await core.db.matches.count()).toBe(0);
		expect(await core.db.synced.get([GROUP, 'match.match-x'])).toBeUndefined();
	});

	it('many at once: a joining phone’s seals are taken in one batch, a match sealed twice in it is as its later seal, what is not a seal is left', async () => {
		const core = await phone();
		const matches = [bens(1), bens(2), bens(3)];
		const seals = matches.map((version) => sealOf(version));
		const again = { ...sealOf(matches[0], { notes: 'Recompté.' }), prev: seals[0].id };
		const read = [
			...seals.map((seal, at) => ({ match: seal.match, track: sealed(seal, 20 + at) })),
			{ match: 'match-x', track: { kind: 'refused', why: 'conflict', seq: 24 } as Track },
			{ match: again.match, track: sealed(again, 25) }
		];
		expect(await takeTracks(core, read)).toEqual(['not-taken', 'taken', 'taken', 'left', 'taken']);
		for (const version of matches) {
			expect((await loadLog(version.id, core.db)).actions).toEqual(
				version.log.map((entry) => entry.action)
			);
		}
		expect((await core.db.matches.get(matches[0].id))!.notes).toBe('Recompté.');
		expect(await sealHad(core.db, GROUP, matches[0].id)).toMatchObject({ id: again.id });
		expect(await core.db.synced.get([GROUP, `match.${matches[0].id}`])).toMatchObject({
			seq: 25,
			onWire: true
		});
		expect((await core.db.groups.get(GROUP))!.wireReadTo).toBe(25);
	});
});

describe('a change to a seal’s copy (changes.ts; turn-back.ts)', () => {
	it('waits while the fold of the member records is not known, stays tracked (sealed, never versioned) while the group reads the wire until its seal is done, and is queued as a version once the group turned back', async () => {
		const core = await phone();
		const version = bens();
		await versionTaken(core, version, 30);
		expect(await takeTrack(core, version.id, sealed(sealOf(version), 31))).toBe('taken');
		const tracked = () => core.db.changed.where('group').equals(GROUP).count();

		await setNotes(version.id, 'Noté ici.', core.db);
		expect(core.switched).toBeNull();
		await drain(core);
		expect(await tracked()).toBe(1);
		expect(await core.db.outbox.count()).toBe(0);
		core.switched = true;
		await drain(core);
		expect(await core.db.outbox.count()).toBe(0);
		// kept until the entries' sending seals it: the app closed before, it is sealed next start
		expect(await tracked()).toBe(1);
		const [row] = await core.db.changed.toArray();
		const thing = `match.${version.id}`;
		await sealedDone(core, new Map([[thing, row.n]]), new Map([[version.id, { kind: 'moved' }]]));
		expect(await tracked()).toBe(1);
		await sealedDone(core, new Map([[thing, row.n]]), new Map([[version.id, { kind: 'done' }]]));
		expect(await tracked()).toBe(0);

		await setNotes(version.id, 'Noté encore.', core.db);
		core.switched = false;
		await drain(core);
		const queued = await core.db.outbox.toArray();
		expect(queued.map((one) => (one.body as KeptMatch).notes)).toEqual(['Noté encore.']);
		// what the sender expects for it: the record's last version read here, not the seal
		expect(recordOf(await core.db.synced.get([GROUP, `match.${version.id}`]))).toEqual({
			seq: 30,
			hash: digest(version)
		});
	});
});
