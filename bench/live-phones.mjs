// One of bench/live.mjs's phone processes (`node bench/live.mjs` forks them; not run alone): it
// holds the tables it is given, each a pen phone entering a random I'll Pass match one action
// every `every` ms and 3 followers checking and applying each entry (replay.ts), and reports
// the followers' receipts (the pen's append -> applied, ms) while asked to record. Spreading the
// phones over processes keeps the bench's own work off the one core the figures measure.
import { connect } from '@nats-io/transport-node';
import { inboxOf } from '../src/lib/wire/names.js';
import { enterMatch, loadKit } from './common.mjs';

const server = process.argv[3];
const kit = await loadKit('./bench/live-kit.ts');
const { LiveChannel, readEntry, newId, accept, begin, RULES, randomGame } = kit;

const phone = (credential) =>
	connect({
		servers: server,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user),
		maxReconnectAttempts: -1
	});

let seed = process.pid;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

let latencies = [];
let recording = false;
let failures = 0;
let tables = [];
/** Pens that stopped writing, since the start (a stop outside a window still counts). */
const stops = new Map();
let sentAgain = 0;
let sentAgainBefore = 0;

/** One table: a pen phone entering a random I'll Pass match, 3 followers checking each entry. */
async function openTable(made, every) {
	const match = `bench-${newId()}`;
	const game = randomGame(random, 4);
	const connections = [await phone(made.writer)];
	for (let index = 0; index < 3; index++) connections.push(await phone(made.reader));
	const pen = new LiveChannel(connections[0], made.table, match);
	const followers = connections.slice(1).map((nc) => {
		const channel = new LiveChannel(nc, made.table, match);
		let theirs = null;
		void channel.follow(1, (seq, bytes) => {
			const read = readEntry(bytes);
			if (!read.ok) return void failures++;
			const verdict = theirs
				? accept(theirs, read.entry, seq)
				: begin(read.entry, seq, (id) => RULES[id]);
			if (verdict.kind !== 'applied') return void failures++;
			theirs = verdict.live;
			if (recording && read.entry.pos > 0) latencies.push(Date.now() - read.entry.at);
		});
		return channel;
	});
	let stopped = false;
	const { loop } = await enterMatch(kit, pen, {
		match,
		game: 'ill-pass',
		config: game.config,
		names: ['Ana', 'Ben', 'Chloé', 'Dan'],
		actions: game.actions,
		every,
		random,
		stopped: () => stopped,
		onSentAgain: () => sentAgain++,
		onFailure: (why = 'unknown') => {
			failures++;
			stops.set(why, (stops.get(why) ?? 0) + 1);
		}
	});
	return {
		async close() {
			stopped = true;
			await loop;
			await Promise.all([pen, ...followers].map((channel) => channel.close()));
			await Promise.all(connections.map((nc) => nc.close().catch(() => {})));
		}
	};
}

process.on('message', async (message) => {
	if (message.what === 'open') {
		for (let at = 0; at < message.tables.length; at += 25) {
			const batch = message.tables.slice(at, at + 25);
			tables.push(...(await Promise.all(batch.map((made) => openTable(made, message.every)))));
		}
		process.send({ opened: tables.length });
	} else if (message.what === 'record') {
		[latencies, failures, recording] = [[], 0, true];
		sentAgainBefore = sentAgain;
		process.send({ recording: true });
	} else if (message.what === 'report') {
		recording = false;
		process.send({
			latencies,
			failures,
			stops: [...stops],
			sentAgain,
			sentAgainInWindow: sentAgain - sentAgainBefore
		});
	} else if (message.what === 'close') {
		const closing = tables;
		tables = [];
		await Promise.all(closing.map((table) => table.close()));
		process.send({ closed: closing.length });
	} else process.send({ ready: true });
});
