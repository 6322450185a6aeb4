// A club's group on a running live server, as bench/group.mjs and bench/wins.mjs measure it
// (docs/group.md, "Figures"): members invited as the app does, roster players, and finished
// matches of the four games (each game's simulator: a pool of whole matches proven finished by
// the rules, each published as a new match of the group with its own id and seats, as
// src/lib/group/record.ts writes them, 200 in flight).
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
	inboxOf,
	legacySealSubject,
	playerSubject,
	recordSubject,
	sealSubject
} from '../src/lib/wire/names.js';

export const GAMES = ['ill-pass', 'dominoes', 'climbing', 'pass-pass'];
/** whole matches of each game, from its simulator */
const POOL = 100;

/** A member's node connection to the live server. */
export const memberPhone = (live, credential) =>
	connect({
		servers: `127.0.0.1:${live.nodes[0].port}`,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user)
	});

/**
 * Makes the group with `members` members and as many players, and publishes `matches` matches.
 * `kit` is bench/group-kit.ts loaded through Vite. Returns the group, its members' credentials,
 * the pool's size and the bytes of matches published.
 */
export async function makeClub(live, kit, { members: count, matches, sealed = null }) {
	const club = await live.createGroup('Bench club', 'Phone 1');
	const members = [club.member];
	for (let index = 2; index <= count; index++) {
		members.push((await live.invite(club.group, `Phone ${index}`)).member);
	}
	const pool = [];
	for (const game of GAMES) {
		for (let seed = 1; pool.filter((one) => one.game === game).length < POOL; seed++) {
			const played = kit.playedMatch(game, seed);
			if (played) pool.push(played);
		}
	}
	const players = Array.from({ length: count }, (_, index) => ({
		id: kit.newId(),
		name: `Player ${index + 1}`
	}));
	const writer = await memberPhone(live, members[0]);
	const js = jetstream(writer, { timeout: 30_000 });
	const at = Date.UTC(2025, 0, 1);
	for (const player of players) {
		await js.publish(
			playerSubject(club.group, player.id),
			kit.playerMessage(player.id, player.name, at)
		);
	}
	// `sealed` ('own' or 'before'): each match's seal beside its version, as a phone of today's
	// build leaves a finished match (docs/group.md, "On the phone: what leaves"), written as the
	// keeper does (the group's clerk) on the seals' own subjects, or where the build of 27
	// November put them; the same bytes as the version, which a seal's whole log and row are near
	const clerk = sealed ? (await live.groupManager(club.group)).jetstream() : null;
	let bytes = 0;
	let flight = [];
	for (let index = 0; index < matches; index++) {
		const played = pool[index % pool.length];
		const seats = Array.from(
			{ length: played.players },
			(_, seat) => players[(index * 7 + seat * 11) % players.length]
		);
		const message = kit.matchMessage(played, seats, at + index * 3_600_000);
		bytes += message.bytes.length;
		flight.push(js.publish(recordSubject(club.group, message.id), message.bytes));
		const seal = sealed === 'before' ? legacySealSubject : sealSubject;
		if (clerk) flight.push(clerk.publish(seal(club.group, message.id), message.bytes));
		if (flight.length === 200) flight = (await Promise.all(flight), []);
	}
	await Promise.all(flight);
	await writer.close();
	return { club, members, players: players.length, pool: pool.length, bytes };
}
