// A switched group's seals taken into a phone's record (docs/wire.md, "Reading a group's
// matches from the wire: the switch"; src/lib/group/take-track.ts), printed, never asserted as a
// time: a joining phone reads one seal a finished match, and takes them many a transaction
// (`takeTracks`, what the wire's reader does) rather than one a transaction (`takeTrack`). In
// node with fake-indexeddb: slower than a browser's IndexedDB, so an upper figure. Asserts only
// that every match came through.
// Run: npx vitest run --config bench/vitest.config.ts bench/wire-take.bench.ts
// (WIRE_TAKE_SEALS=2000 for more)
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { expect, it } from 'vitest';
import { PasspadDb } from '../src/lib/db/db';
import { SyncCore } from '../src/lib/group/core';
import { illPassVersion, playerVersion, sealOfVersion } from '../src/lib/group/fixtures';
import { writeVersion } from '../src/lib/group/record';
import { take } from '../src/lib/group/take';
import { takeTrack, takeTracks } from '../src/lib/group/take-track';
import { newId } from '../src/lib/wire/ids';

const SEALS = Number(process.env.WIRE_TAKE_SEALS ?? 500);
const GROUP = 'gbenchwire';
const BY = 'phone-ben-000001';
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(', ');

/** A phone in the group with its three players, nothing else. */
async function phone(seats: { player: string; name: string }[]): Promise<SyncCore> {
	const db = new PasspadDb(`wire-take-${newId()}`);
	await db.open();
	await db.groups.add({ id: GROUP, name: 'Bench', joinedAt: 1, user: 'b', pass: 'x' } as never);
	const core = new SyncCore({ db, group: GROUP, phone: 'phone-ana-000001', online: false });
	for (const [at, seat] of seats.entries()) {
		const data = writeVersion(playerVersion(BY, seat, at));
		await take(core, `passpad.g.${GROUP}.player.${seat.player}`, at + 1, newId(), data);
	}
	return core;
}

it(`${SEALS} seals taken: many a transaction, then one a transaction`, async () => {
	const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
	const seals = Array.from({ length: SEALS }, (_, at) =>
		sealOfVersion(
			illPassVersion(BY, newId(), seats, { seed: at + 1, at: 1_700_000_000_000, span: 1 }),
			BY,
			'Ben'
		)
	);
	const tracks = seals.map((seal, at) => ({
		match: seal.match,
		track: { kind: 'sealed' as const, seal, seq: 100 + at }
	}));
	const many = await phone(seats);
	const before = load();
	const start = performance.now();
	for (let at = 0; at < tracks.length; at += many.batch) {
		await takeTracks(many, tracks.slice(at, at + many.batch));
	}
	const batched = performance.now() - start;
	const single = await phone(seats);
	const again = performance.now();
	for (const { match, track } of tracks) await takeTrack(single, match, track);
	const oneByOne = performance.now() - again;
	const per = (ms: number) => `${(ms / SEALS).toFixed(2)} ms a seal`;
	console.log(
		`${SEALS} seals (I'll Pass, 3 players), load ${before} then ${load()}:\n` +
			`  many a transaction (${many.batch}): ${batched.toFixed(0)} ms, ${per(batched)}\n` +
			`  one a transaction: ${oneByOne.toFixed(0)} ms, ${per(oneByOne)}`
	);
	expect(await many.db.matches.count()).toBe(SEALS);
	expect(await single.db.matches.count()).toBe(SEALS);
	await Promise.all([many.db.delete(), single.db.delete()]);
});
