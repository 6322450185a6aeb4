/**
 * A change made while the phone reads its group, before it has read it whole, goes once it
 * has (sync.ts: the change's own signal is left while catching up), with no other write to
 * wake it. A real nats-server (sync-fixtures.ts).
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { setNotes } from '$lib/db/matches';
import { GroupSync } from './sync';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, newPhone, play, until } = scene;

/**
 * `nc`, its questions about a stream's state held until `gate` opens: a phone that cannot yet
 * know where its group's record ends, as on a slow network.
 */
function holdingStreamInfo(nc: NatsConnection, gate: Promise<void>): NatsConnection {
	return new Proxy(nc, {
		get(target, prop, receiver) {
			if (prop === 'request') {
				return async (subject: string, ...rest: unknown[]) => {
					if (subject.startsWith('$JS.API.STREAM.INFO.')) await gate;
					return (target.request as (...args: unknown[]) => unknown)(subject, ...rest);
				};
			}
			const value = Reflect.get(target, prop, receiver);
			return typeof value === 'function' ? value.bind(target) : value;
		}
	});
}

it('group: a note written while the phone is still reading its group goes once it has read it, and reaches the other phone, with no other write to wake it', async () => {
	const group = await newGroup();
	const ana = await newPhone('ana', group);
	const ben = await newPhone('ben', group);
	const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 4);
	await ana.sync.flush();
	await until(async () => (await ben.db.matches.get(id))?.status === 'finished');
	// Ana's phone has read its own version: opened again, nothing new for it to read
	const sent = (await ana.db.synced.get([group, `match.${id}`]))!.seq;
	await until(async () => ((await ana.db.groups.get(group))?.readTo ?? 0) >= sent);
	await ana.sync.stop();

	let open!: () => void;
	const gate = new Promise<void>((done) => (open = done));
	const again = new GroupSync({
		nc: holdingStreamInfo(ana.nc, gate),
		db: ana.db,
		group,
		phone: 'phone-ana-0001'
	}).start();
	try {
		// what the start itself sends has gone: the note comes after it, the record still unread
		await again.flush();
		expect(again.status.caughtUp).toBe(false);
		await ana.as(() => setNotes(id, 'Noté pendant la lecture.'));
		await until(async () => (await ana.db.changed.count()) === 1);
		open();
		await again.caughtUp();
		await until(async () => (await ben.db.matches.get(id))?.notes === 'Noté pendant la lecture.');
		expect(await ana.db.changed.count()).toBe(0);
	} finally {
		open();
		await again.stop();
	}
});
