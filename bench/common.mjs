// What the live benches share (bench/live.mjs, bench/live-paint.mjs, bench/board.mjs): their
// figures, the app served beside a real nats-server, Chromium, and a pen phone entering a match
// entry by entry as the protocol says (docs/live.md, "The protocol").
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { chromium } from '@playwright/test';
import { freePort, proxyLive } from './server.mjs';
import { appHandler } from '../scripts/app.mjs';

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The value `p` percent of `values` are at or below (NaN when there is none). */
export const percentile = (values, p) => {
	if (!values.length) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A bench kit, loaded through Vite: the live modules are TypeScript with $lib imports. */
export async function loadKit(path) {
	const { module } = await runnerImport(path, {
		configFile: false,
		resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
		logLevel: 'error'
	});
	return module;
}

/**
 * The built app on a free loopback port, the phones' WebSocket passed to `live`'s first node, as
 * `npm run server` serves them.
 */
export async function serveApp(live) {
	// BENCH_BUILD: another build folder (bench/ref-build.mjs: a git ref's, for before and after)
	const server = createServer(appHandler(process.env.BENCH_BUILD ?? 'build'));
	const proxy = proxyLive(server, () => live.nodes[0].wsPort);
	const port = await freePort();
	await new Promise((done) => server.listen(port, '127.0.0.1', done));
	return {
		origin: `http://localhost:${port}`,
		close() {
			proxy.cut();
			server.close();
		}
	};
}

/** The machine's Chromium, as the browser tests run it. */
export const launchChromium = () =>
	chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
	});

/**
 * A pen phone at a live table (its own key pair): the match's start entry appended, then one action every `every`
 * ms until `stopped()`, the match played again from its start once over (a rewrite to no
 * action). `kit` is the live modules (loadKit); `pen` the phone's LiveChannel; `onSent(entry)`
 * as each entry goes, `onFailure()` for an append refused (the loop ends there). Resolves once
 * the start entry is appended, with the loop's end as `loop`.
 */
export async function enterMatch(kit, pen, options) {
	const { writeEntry, newId, accept, begin, nextEntry, RULES } = kit;
	// each phone signs its entries with its own key: the server's keeper stores no other
	const signer = await kit.signerOf(await kit.newKeyPair());
	const sealed = async (entry) => writeEntry(await kit.signed(entry, signer));
	const { match, game, config, names, actions, every, stopped } = options;
	const { random = Math.random, onSent = () => {}, onFailure = () => {} } = options;
	const { onSentAgain = () => {} } = options;
	const by = newId();
	const start = {
		v: 1,
		id: newId(),
		match,
		pos: 0,
		prev: null,
		by,
		at: Date.now(),
		change: { kind: 'start', game, config, names, createdAt: Date.now(), pen: names[0] }
	};
	let copy = begin(start, 0, (id) => RULES[id]).live;
	await pen.append(await sealed(start));
	let next = 0;
	const loop = (async () => {
		await sleep(random() * every);
		while (!stopped()) {
			const change =
				next < actions.length
					? { kind: 'act', action: actions[next++] }
					: ((next = 0), { kind: 'rewrite', from: 0, actions: [] });
			const entry = nextEntry(copy, change, by, newId(), Date.now());
			const verdict = accept(copy, entry, 0);
			if (verdict.kind !== 'applied') {
				onFailure(`its own copy refused ${change.kind}: ${JSON.stringify(verdict).slice(0, 120)}`);
				break;
			}
			copy = verdict.live;
			onSent(entry);
			const bytes = await sealed(entry);
			let answer = await pen.append(bytes);
			// no answer in time (a loaded server, a reload): sent again as the phone's outbox
			// does; the keeper knows the entry's id, so a second copy is never stored
			for (let again = 0; !answer.ok && answer.why === 'offline' && again < 5; again++) {
				onSentAgain();
				answer = await pen.append(bytes);
			}
			if (!answer.ok) {
				onFailure(`the keeper answered ${JSON.stringify(answer).slice(0, 120)} to ${change.kind}`);
				break;
			}
			await sleep(every);
		}
	})();
	return { loop };
}
