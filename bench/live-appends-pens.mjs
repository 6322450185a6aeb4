// bench/live-appends.mjs's pen phones (`node bench/live-appends.mjs` forks this; not run alone):
// each table it is given, a pen phone and its followers (connections hearing the table's feed), entering a random I'll Pass match, an action every 2 s,
// each append asked of the keeper as the app's client asks it (5 s for an answer, then the same
// bytes again, as the outbox sends them). It reports when each append was sent and each one
// not answered: timed out, or "no responders" (nothing heard the request at that moment).
import { connect } from '@nats-io/transport-node';
import { appendSubject, feedsOf, inboxOf } from '../src/lib/wire/names.js';
import { loadKit, sleep } from './common.mjs';

const server = process.argv[3];
const FOLLOWERS = Number(process.argv[4] ?? 3);
const kit = await loadKit('./bench/live-kit.ts');
const { writeEntry, newId, accept, begin, nextEntry, RULES, randomGame } = kit;
const EVERY = 2_000;
const ANSWER_MS = 5_000;

let seed = process.pid;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

let sent = [];
let failures = [];
let answerMs = [];
let stopped = false;
const loops = [];
const connections = [];

/** An append asked until it is answered; each unanswered try recorded with why. */
async function append(nc, subject, bytes) {
	for (;;) {
		const sentAt = Date.now();
		sent.push(sentAt);
		try {
			const reply = await nc.request(subject, bytes, { timeout: ANSWER_MS });
			answerMs.push(Date.now() - sentAt);
			return JSON.parse(new TextDecoder().decode(reply.data));
		} catch (error) {
			const said = `${error?.name} ${error?.message} ${error?.code}`;
			const why = /no.?responders|503/i.test(said)
				? 'no-responders'
				: /timeout/i.test(said)
					? 'timeout'
					: said;
			failures.push({ sentAt, why });
			if (stopped) return null;
			// no responders comes back at once: the outbox waits a little before it sends again
			if (why !== 'timeout') await sleep(500);
		}
	}
}

async function openTable(made) {
	const nc = await connect({
		servers: server,
		user: made.writer.user,
		pass: made.writer.pass,
		inboxPrefix: inboxOf(made.writer.user),
		maxReconnectAttempts: -1
	});
	connections.push(nc);
	// its followers: connections the server holds (and checks again at each reload), hearing the feed
	for (let index = 0; index < FOLLOWERS; index++) {
		const follower = await connect({
			servers: server,
			user: made.reader.user,
			pass: made.reader.pass,
			inboxPrefix: inboxOf(made.reader.user),
			maxReconnectAttempts: -1
		});
		follower.subscribe(feedsOf(made.table), { callback: () => {} });
		connections.push(follower);
	}
	const match = `bench-${newId()}`;
	const subject = appendSubject(made.table, match);
	const signer = await kit.signerOf(await kit.newKeyPair());
	const sealed = async (entry) => writeEntry(await kit.signed(entry, signer));
	const game = randomGame(random, 4);
	const by = newId();
	const names = ['Ana', 'Ben', 'Chloé', 'Dan'];
	const start = {
		v: 1,
		id: newId(),
		match,
		pos: 0,
		prev: null,
		by,
		at: Date.now(),
		change: {
			kind: 'start',
			game: 'ill-pass',
			config: game.config,
			names,
			createdAt: Date.now(),
			pen: names[0]
		}
	};
	let copy = begin(start, 0, (id) => RULES[id]).live;
	await append(nc, subject, await sealed(start));
	loops.push(
		(async () => {
			await sleep(random() * EVERY);
			let next = 0;
			while (!stopped) {
				const change =
					next < game.actions.length
						? { kind: 'act', action: game.actions[next++] }
						: ((next = 0), { kind: 'rewrite', from: 0, actions: [] });
				const entry = nextEntry(copy, change, by, newId(), Date.now());
				const verdict = accept(copy, entry, 0);
				if (verdict.kind !== 'applied') break;
				copy = verdict.live;
				const answer = await append(nc, subject, await sealed(entry));
				if (answer && !answer.ok) {
					failures.push({ sentAt: Date.now(), why: `refused ${answer.why}` });
					break;
				}
				await sleep(EVERY);
			}
		})()
	);
}

process.on('message', async (message) => {
	if (message.what === 'open') {
		for (let at = 0; at < message.tables.length; at += 25) {
			await Promise.all(message.tables.slice(at, at + 25).map(openTable));
		}
		process.send({ opened: loops.length });
	} else if (message.what === 'forget') {
		[sent, failures, answerMs] = [[], [], []];
		process.send({ forgot: true });
	} else if (message.what === 'report') {
		process.send({ sent, failures, answerMs });
	} else if (message.what === 'close') {
		stopped = true;
		await Promise.all(connections.map((nc) => nc.close().catch(() => {})));
		process.send({ closed: true });
	} else process.send({ ready: true });
});
