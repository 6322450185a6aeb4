/**
 * A group's match played live, sealed in the group once over (docs/group.md, "On the phone:
 * what leaves"): while it is played its entries go to its table (docs/live.md), and once it
 * is over and the table holds all of it, the phone with the pen writes it in the group as a
 * match recorded there would be: the start, the log, the seal; the keeper then clears its
 * entries, so a new phone reads one message for it. A follower seals nothing. A real
 * nats-server with its provisioning and keeper.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupStreamOf, sealSubject } from '$lib/wire/names.js';
import type { SealEntry } from '$lib/wire/entry';
import { GroupEntries } from './entries';
import {
	follow,
	liveMatch,
	logOf,
	penTo,
	phoneOf,
	server,
	startLive,
	useLiveServer,
	type Phone
} from './live-fixtures';

useLiveServer();

async function club() {
	const made = await server.live.createGroup('Jeudi', 'ana');
	const ben = (await server.live.invite(made.group, 'ben')).member;
	const ana = await phoneOf('ana', made.group, made.member);
	const benPhone = await phoneOf('ben', made.group, ben);
	return { group: made.group, ana, ben: benPhone };
}

const entriesOf = async (phone: Phone, group: string) =>
	new GroupEntries({
		db: phone.db,
		group,
		nc: phone.nc,
		signer: await signerOf(await newKeyPair()),
		by: `phone-${phone.name}-0001`,
		name: phone.name,
		rulesOf: (id) => RULES[id]
	});

/** What the group's stream holds of the match: its subjects' kinds, and the seal. */
async function heldOf(group: string, match: string) {
	const jsm = await server.live.groupManager(group);
	const stream = groupStreamOf(group);
	const info = await jsm.streams.info(stream, { subjects_filter: sealSubject(group, '>') });
	const kinds = Object.keys(
		(await jsm.streams.info(stream, { subjects_filter: '>' })).state.subjects ?? {}
	)
		.filter((one) => one.includes(match))
		.map((one) => one.split('.')[3])
		.sort();
	const sealed = Object.keys(info.state.subjects ?? {}).some((one) => one.endsWith(match));
	const message = sealed
		? await jsm.streams.getMessage(stream, { last_by_subj: sealSubject(group, match) })
		: null;
	const seal = message ? (JSON.parse(new TextDecoder().decode(message.data)) as SealEntry) : null;
	return { kinds, seal };
}

describe('a group’s match played live is sealed in the group once over', () => {
	it('live seal: the pen phone, once the match is over and its table holds all of it, seals it in the group; the group then holds its version and its seal only', async () => {
		const { group, ana } = await club();
		const match = await liveMatch(ana, group, 31);
		await startLive(ana, match.id);
		for (let seq = 0; seq < match.length; seq++) await match.enter(ana, seq);
		expect((await ana.db.matches.get(match.id))?.status).toBe('finished');
		const entries = await entriesOf(ana, group);
		// the table has not yet stored the last step: nothing goes to the group
		await ana.db.sends.add({
			match: match.id,
			pos: match.length - 1,
			change: { kind: 'act', action: { type: 'take' } }
		});
		expect((await entries.sendAll([match.id])).get(match.id)).toEqual({ kind: 'done' });
		expect((await heldOf(group, match.id)).seal).toBeNull();
		// the table stored them (as the live table's putSynced does)
		await ana.db.sends.clear();
		expect((await entries.sendAll([match.id])).get(match.id)).toEqual({ kind: 'done' });
		await ana.sync.flush();
		const held = await heldOf(group, match.id);
		expect(held.seal?.change.log.map((one) => one.action)).toEqual(await logOf(ana, match.id));
		expect(held.kinds).toEqual(['match', 's']);
		// the group's start of it, which the seal holds, is the pen's in the group: it names players
		const seats = (await ana.db.matches.get(match.id))!.seats;
		expect(held.seal?.change.start.players).toEqual(seats.map((seat) => seat.playerId));
	});

	it('live seal: a match at its table not over yet goes to the group as versions only', async () => {
		const { group, ana } = await club();
		const match = await liveMatch(ana, group, 32);
		await startLive(ana, match.id);
		for (let seq = 0; seq < 3; seq++) await match.enter(ana, seq);
		await ana.db.sends.clear();
		const entries = await entriesOf(ana, group);
		await entries.sendAll([match.id]);
		await ana.sync.flush();
		expect((await heldOf(group, match.id)).kinds).toEqual(['match']);
	});

	it('live seal: a follower, whose pen is elsewhere, seals nothing of the match it followed', async () => {
		const { group, ana, ben } = await club();
		const match = await liveMatch(ana, group, 33);
		await startLive(ana, match.id);
		await follow(ana, ben, match.id);
		await penTo(ben, match.id, false);
		for (let seq = 0; seq < match.length; seq++) await match.enter(ben, seq);
		await ben.db.sends.clear();
		// the follower's copy the group's (as once it read the group's version of it)
		await ben.db.matches.update(match.id, { group });
		expect((await ben.db.matches.get(match.id))?.status).toBe('finished');
		const entries = await entriesOf(ben, group);
		await entries.sendAll([match.id]);
		expect((await heldOf(group, match.id)).seal).toBeNull();
	});
});
