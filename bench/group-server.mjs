// A group's server side, printed, never asserted (docs/group.md, "Figures"): what the network
// and the server alone cost a new phone, before the app checks and writes anything. A real
// nats-server on free loopback ports, node clients as phones:
//   1. a group of 50 members, 50 roster players and 10,000 matches of ~2 KiB: a new phone reads
//      the newest message of every subject (ordered consumer, last_per_subject), 3 runs;
//   2. each group request's time with bcrypt cost 10 (the server's own), median of 5.
// Usage: node bench/group-server.mjs [matches]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { startLive } from './server.mjs';
import { groupStreamOf, inboxOf, playerSubject, recordSubject } from '../src/lib/wire/names.js';

const MATCHES = Number(process.argv[2] ?? 10_000);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function receipt() {
	const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-group-'));
	const live = await startLive({ dataDir: dir, cost: 4 });
	const phone = (credential) =>
		connect({
			servers: `127.0.0.1:${live.nodes[0].port}`,
			user: credential.user,
			pass: credential.pass,
			inboxPrefix: inboxOf(credential.user)
		});
	const club = await live.createGroup('Bench club', 'Phone 1');
	for (let index = 2; index <= 50; index++) await live.invite(club.group, `Phone ${index}`);
	const writer = await phone(club.member);
	const js = jetstream(writer, { timeout: 20_000 });
	for (let index = 0; index < 50; index++) {
		await js.publish(
			playerSubject(club.group, `player-${index}`),
			JSON.stringify({ name: `P${index}` })
		);
	}
	const body = JSON.stringify({ log: 'x'.repeat(2_000) });
	let batch = [];
	for (let index = 0; index < MATCHES; index++) {
		batch.push(js.publish(recordSubject(club.group, `match-${index}`), body));
		if (batch.length === 200) batch = (await Promise.all(batch), []);
	}
	await Promise.all(batch);
	const runs = [];
	for (let run = 0; run < 3; run++) {
		const nc = await phone(club.member);
		const began = performance.now();
		const consumer = await jetstream(nc).consumers.get(groupStreamOf(club.group), {
			deliver_policy: DeliverPolicy.LastPerSubject
		});
		let count = 0;
		let bytes = 0;
		for await (const message of await consumer.consume()) {
			count++;
			bytes += message.data.length;
			JSON.parse(message.string());
			if (message.info.pending === 0) break;
		}
		runs.push((performance.now() - began) / 1000);
		console.log(
			`new phone: ${count} messages, ${(bytes / 1e6).toFixed(1)} MB read in ${runs.at(-1).toFixed(2)} s`
		);
		await nc.close();
	}
	await writer.close();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
	return runs;
}

async function requests() {
	const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-group-'));
	const live = await startLive({ dataDir: dir });
	const times = { group: [], invite: [], table: [], close: [], remove: [] };
	const time = async (what, step) => {
		const began = performance.now();
		const made = await step();
		times[what].push(performance.now() - began);
		return made;
	};
	for (let run = 0; run < 5; run++) {
		const club = await time('group', () => live.createGroup());
		const other = await time('invite', () => live.invite(club.group));
		const table = { match: 'm-1', game: 'dominoes', names: ['Ana', 'Ben'] };
		const made = await time('table', () => live.openGroupTable(club.group, table));
		await time('close', () => live.closeGroupTable(club.group, made.table));
		await time('remove', () => live.removeMember(club.group, other.member.user));
	}
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
	for (const [what, list] of Object.entries(times)) {
		console.log(`request ${what}: median ${(median(list) / 1000).toFixed(2)} s (bcrypt cost 10)`);
	}
}

console.log(
	`load average ${loadavg()
		.map((load) => load.toFixed(1))
		.join(', ')}`
);
await receipt();
await requests();
console.log(
	`load average ${loadavg()
		.map((load) => load.toFixed(1))
		.join(', ')}`
);
