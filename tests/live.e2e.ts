import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { playIllPass, startMatch, type IllPassStep } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { keptLink, matchOf, storedLog } from './stored';
import { LiveChannel } from '../src/lib/live/client';
import { inboxOf, matchSubject, streamOf } from '../src/lib/wire/names.js';

// Live play (docs/live.md): phones as browser contexts against a real nats-server started by
// the test on free loopback ports, with the app served beside it as `npm run server` does.

let app: Awaited<ReturnType<typeof startLiveApp>>;

// each worker starts its own server (beforeAll runs once a worker) and every test opens its
// own table, so the tests run side by side, not one after the other at the end of the run
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterEach(() => {
	// a test that failed half-way leaves no phone cut off or held for the next
	app?.proxy.release();
	app?.proxy.refuse(() => false);
});
test.afterAll(async () => {
	await app?.stop();
});

const NAMES = ['Ana', 'Ben', 'Cleo'];

interface Phone {
	name: string;
	context: BrowserContext;
	page: Page;
}

/**
 * A phone: its own browser context (its own storage), its user agent naming it (the proxy
 * cuts or holds phones by it). `clock`: a clock the test may move on, as if time had passed.
 */
async function phone(browser: Browser, name: string, { clock = false } = {}): Promise<Phone> {
	const context = await phoneContext(browser, app.origin, name);
	if (clock) await context.clock.install();
	const page = await context.newPage();
	return { name, context, page };
}

/** The pen phone: the host link kept, an I'll Pass match started and played live. */
async function penPhone(browser: Browser, options: { clock?: boolean } = {}) {
	const ana = await phone(browser, 'ana', options);
	await ana.page.goto(app.hostLink);
	await expect(ana.page.getByRole('status')).toContainText('can now open live tables');
	await startMatch(ana.page, "I'll Pass", NAMES);
	await ana.page.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.page.getByTestId('live-state')).toContainText('This phone has the pen');
	const links = ana.page.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	return {
		...ana,
		players: (await links.nth(0).getAttribute('href'))!,
		watchers: (await links.nth(1).getAttribute('href'))!
	};
}

/** A phone that opens a live link and lands on the match, following it. */
async function follower(
	browser: Browser,
	name: string,
	link: string,
	options: { clock?: boolean } = {}
) {
	const it = await phone(browser, name, options);
	it.page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	it.page.on('console', (message) => {
		if (message.type() === 'error' && !/close|WebSocket/i.test(message.text())) {
			console.log(`${name}: ${message.text()}`);
		}
	});
	await it.page.goto(link);
	await expect(it.page).toHaveURL(/\/match\//, { timeout: 20_000 });
	// the credential never stays in the address bar
	expect(it.page.url()).not.toContain('#');
	return it;
}

/** The live table's id, from a live link. */
const tableOf = (link: string) => new URLSearchParams(link.split('#')[1]).get('t')!;
/** The proxy's way to name a phone: by its user agent. */
const is = (it: Phone) => (agent: string) => agent.includes(`passpad-${it.name}`);

interface WireEntry {
	id: string;
	pos: number;
	prev: string | null;
	by: string;
	change: {
		kind: string;
		action?: unknown;
		from?: number;
		actions?: unknown[];
		to?: string;
		name?: string;
	};
}

/**
 * Every message the server holds for a live table, read with the server's own rights: the
 * entries, and how many were not entries at all. Each table has its own stream.
 */
async function onServer(table: string) {
	const stream = streamOf(table);
	const info = await app.live.jsm.streams.info(stream);
	const entries: (WireEntry & { seq: number })[] = [];
	let unreadable = 0;
	for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
		const message = await app.live.jsm.streams.getMessage(stream, { seq });
		if (!message) continue;
		try {
			const entry = message.json<WireEntry>();
			if (typeof entry.id !== 'string' || typeof entry.pos !== 'number') throw new Error();
			entries.push({ ...entry, seq });
		} catch {
			unreadable++;
		}
	}
	return { entries, unreadable, last: info.state.last_seq };
}

/**
 * The server's entries as one chain, checked: one entry at each position from 0, each after
 * the one before it, none twice (no fork, no gap, no double). Folded into the match's log as
 * the protocol says (docs/live.md, "The protocol").
 */
function chain(entries: readonly WireEntry[]): unknown[] {
	const placed = entries.filter((entry) => entry.pos >= 0);
	expect(placed.map((entry) => entry.pos)).toEqual(placed.map((_, at) => at));
	placed.forEach((entry, at) => expect(entry.prev).toBe(at ? placed[at - 1].id : null));
	expect(new Set(placed.map((entry) => entry.id)).size).toBe(placed.length);
	let log: unknown[] = [];
	for (const { change } of placed) {
		if (change.kind === 'act') log = [...log, change.action];
		if (change.kind === 'undo') log = log.slice(0, -1);
		if (change.kind === 'rewrite') log = [...log.slice(0, change.from), ...change.actions!];
	}
	return log;
}

/** Cards 3 to 26 revealed in turn, each passed once and taken: a whole 3-player match. */
const WHOLE_MATCH: IllPassStep[] = Array.from(
	{ length: 24 },
	(_, at) => [at + 3, 'pass', 'take'] as IllPassStep[]
).flat();

test('follow: a follower phone follows a whole I’ll Pass match; a late phone gets all of it', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const ben = await follower(browser, 'ben', ana.players);
	await expect(ben.page.getByTestId('live-pen')).toContainText("Ana's phone has the pen");
	// a follower cannot enter: the pad is inert while another phone has the pen
	await expect(ben.page.getByTestId('play')).toHaveAttribute('inert', '');
	for (let at = 0; at < WHOLE_MATCH.length; at += 12) {
		await playIllPass(ana.page, WHOLE_MATCH.slice(at, at + 12));
		await expect(ben.page.getByTestId('news-line')).toHaveText(
			await ana.page.getByTestId('news-line').innerText()
		);
	}
	await expect(ana.page.getByTestId('outcome')).toBeVisible();
	await expect(ben.page.getByTestId('outcome')).toBeVisible();
	await expect(ben.page.getByTestId('score-sheet')).toHaveText(
		(await ana.page.getByTestId('score-sheet').textContent()) ?? ''
	);
	// a phone joining at the end (a spectator's link) gets the whole match
	const cleo = await follower(browser, 'cleo', ana.watchers);
	await expect(cleo.page.getByTestId('outcome')).toBeVisible();
	await expect(cleo.page.getByTestId('score-sheet')).toHaveText(
		(await ana.page.getByTestId('score-sheet').textContent()) ?? ''
	);
	await expect(cleo.page.getByRole('button', { name: 'Take the pen' })).toHaveCount(0);
	// the follower's copy is a real match in its own history
	await ben.page.goto('/history');
	await expect(ben.page.getByRole('link', { name: /I'll Pass/ }).first()).toBeVisible();
	await Promise.all([ana, ben, cleo].map((it) => it.context.close()));
});

test('pen: a follower asks for the pen, the holder gives it, and the follower enters', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	await playIllPass(ana.page, [3, 'pass']);
	const ben = await follower(browser, 'ben', ana.players);
	await ben.page.getByRole('combobox', { name: 'Whose phone is this?' }).selectOption('Ben');
	await ben.page.getByRole('button', { name: 'Take the pen' }).click();
	await expect(ana.page.getByTestId('live-asks')).toContainText('Ben asks for the pen.');
	await ana.page.getByRole('button', { name: 'Give the pen to Ben' }).click();
	await expect(ana.page.getByTestId('live-pen')).toContainText("Ben's phone has the pen");
	await expect(ana.page.getByTestId('play')).toHaveAttribute('inert', '');
	await expect(ben.page.getByTestId('play')).not.toHaveAttribute('inert', '');
	await playIllPass(ben.page, ['take', 4]);
	await expect(ana.page.getByTestId('face-up')).toHaveText('4');
	await expect(ana.page.getByTestId('score-sheet')).toHaveText(
		(await ben.page.getByTestId('score-sheet').textContent()) ?? ''
	);
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('live: a hostile message published straight to the subject is refused by every phone, nothing written', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	await playIllPass(ana.page, [3, 'pass']);
	const ben = await follower(browser, 'ben', ana.players);
	const match = matchOf(ana.page);
	const table = tableOf(ana.players);
	await expect(ben.page.getByTestId('pot')).toHaveText('1 chip on it');
	const before = (await ben.page.getByTestId('score-sheet').textContent()) ?? '';
	const logs = await Promise.all([ana, ben].map((it) => storedLog(it.page, match)));
	expect(logs[1]).toEqual(logs[0]);
	// not an entry at all, straight onto the match's subject with the server's own rights
	await jetstream(app.live.nc).publish(matchSubject(table, match), '{"v":1,"evil":true}');
	for (const it of [ana, ben]) {
		await expect(it.page.getByTestId('live-refused')).toContainText('was not a Passpad entry');
	}
	await expect(ben.page.getByTestId('score-sheet')).toHaveText(before);
	// nothing written on any phone
	for (const [at, it] of [ana, ben].entries()) {
		expect(await storedLog(it.page, match)).toEqual(logs[at]);
	}
	// play goes on after it, on every phone, with the same log as the server's entries
	await playIllPass(ana.page, ['take']);
	await expect(ben.page.getByTestId('face-up')).toHaveCount(0);
	const server = await onServer(table);
	expect(server.unreadable).toBe(1);
	const log = chain(server.entries);
	expect(log).toHaveLength(logs[0].length + 1);
	for (const it of [ana, ben]) {
		await expect.poll(() => storedLog(it.page, match)).toEqual(log);
	}
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('follow: a spectator’s phone cannot write: the server refuses its publish and nothing is written', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	await playIllPass(ana.page, [3, 'pass']);
	const cleo = await follower(browser, 'cleo', ana.watchers);
	const match = matchOf(ana.page);
	const table = tableOf(ana.watchers);
	await expect(cleo.page.getByTestId('pot')).toHaveText('1 chip on it');
	// on screen: following only, nothing to take, nothing to press
	await expect(cleo.page.getByRole('button', { name: 'Take the pen' })).toHaveCount(0);
	await expect(cleo.page.getByTestId('play')).toHaveAttribute('inert', '');
	const logs = await Promise.all([ana, cleo].map((it) => storedLog(it.page, match)));
	const server = await onServer(table);
	// the spectator's own credential, as its phone keeps it, publishing the next entry itself
	const saved = (await keptLink(cleo.page, match))!.live!;
	expect(saved.link).toMatchObject({ t: table, m: match, r: 'r' });
	const nc = await connect({
		servers: `127.0.0.1:${app.live.nodes[0].port}`,
		user: saved.link.u,
		pass: saved.link.p,
		inboxPrefix: inboxOf(saved.link.u)
	});
	const channel = new LiveChannel(nc, table, match);
	const last = server.entries[server.entries.length - 1];
	const entry = {
		v: 1,
		id: 'spectator-entry-0001',
		match,
		pos: last.pos + 1,
		prev: last.id,
		by: 'spectator-phone-01',
		at: Date.now(),
		change: { kind: 'pen', to: 'spectator-phone-01', name: 'Cleo' }
	};
	// the server refuses a follower's credential the keeper's subject: not this phone's to write
	const answer = await channel.append(new TextEncoder().encode(JSON.stringify(entry)));
	expect(answer).toEqual({ ok: false, why: 'not-yours' });
	await channel.close();
	await nc.close();
	// nothing on the server, nothing on any phone, nothing to refuse
	expect((await onServer(table)).last).toBe(server.last);
	for (const [at, it] of [ana, cleo].entries()) {
		expect(await storedLog(it.page, match)).toEqual(logs[at]);
		await expect(it.page.getByTestId('live-refused')).toHaveCount(0);
	}
	// and it still follows
	await playIllPass(ana.page, ['take']);
	await expect(cleo.page.getByTestId('face-up')).toHaveCount(0);
	await Promise.all([ana, cleo].map((it) => it.context.close()));
});

/** Rounds of two phones taking the pen at the same moment. */
const RACES = 6;

test('pen: two phones take the pen at the same moment, again and again: one wins, the loser is told and changes nothing, never a fork', async ({
	browser
}) => {
	const ana = await penPhone(browser, { clock: true });
	await playIllPass(ana.page, [3, 'pass']);
	const ben = await follower(browser, 'ben', ana.players, { clock: true });
	const cleo = await follower(browser, 'cleo', ana.players, { clock: true });
	const match = matchOf(ana.page);
	const table = tableOf(ana.players);
	const name = new Map<Phone, string>([
		[ana, 'Ana'],
		[ben, 'Ben'],
		[cleo, 'Cleo']
	]);
	for (const it of [ben, cleo]) {
		await expect(it.page.getByTestId('pot')).toHaveText('1 chip on it');
		await it.page
			.getByRole('combobox', { name: 'Whose phone is this?' })
			.selectOption(name.get(it)!);
	}
	const phones = [ana, ben, cleo];
	let holder: Phone = ana;
	const losers: string[] = [];
	for (let round = 0; round < RACES; round++) {
		const racers = phones.filter((it) => it !== holder);
		// the holder's phone goes silent; on the racers' clocks, 30 s pass
		app.proxy.refuse(is(holder));
		await expect(holder.page.getByTestId('live-offline')).toBeVisible();
		for (const it of racers) await it.page.clock.fastForward(31_000);
		const logs = await Promise.all(racers.map((it) => storedLog(it.page, match)));
		const before = (await onServer(table)).last;
		// neither racer hears of the other's entry before both have sent theirs
		app.proxy.hold((agent) => racers.some((it) => is(it)(agent)));
		// a "still here" the holder sent just before its cut can reach a racer after its clock
		// moved (nothing more comes now, held): "Take the pen" would then ask, not take. Each
		// racer's holder is silent before its tap (docs/live.md, 10), its clock moved again if not.
		for (const it of racers) {
			const pen = it.page.getByTestId('live-pen');
			await expect(async () => {
				if ((await pen.getAttribute('data-holder-silent')) !== 'true')
					await it.page.clock.fastForward(31_000);
				await expect(pen).toHaveAttribute('data-holder-silent', 'true', { timeout: 1_000 });
			}).toPass();
		}
		await Promise.all(
			racers.map((it) => it.page.getByRole('button', { name: 'Take the pen' }).click())
		);
		await expect.poll(async () => (await onServer(table)).last).toBe(before + 1);
		// no word yet on either: what each is told next is this round's answer
		for (const it of racers) await expect(it.page.getByTestId('live-stale')).toHaveCount(0);
		app.proxy.release();
		const { entries } = await onServer(table);
		const taken = entries[entries.length - 1];
		expect(taken.change.kind).toBe('pen');
		const winner = racers.find((it) => name.get(it) === taken.change.name)!;
		const loser = racers.find((it) => it !== winner)!;
		losers.push(name.get(loser)!);
		await expect(winner.page.getByTestId('live-state')).toContainText('This phone has the pen');
		await expect(winner.page.getByTestId('play')).not.toHaveAttribute('inert', '');
		// the loser is told in words, follows the winner, and nothing changed on it
		await expect(loser.page.getByTestId('live-stale')).toContainText(
			`${name.get(winner)} took the pen first: nothing changed here`
		);
		await expect(loser.page.getByTestId('live-pen')).toContainText(
			`${name.get(winner)}'s phone has the pen`
		);
		await expect(loser.page.getByTestId('play')).toHaveAttribute('inert', '');
		expect(await storedLog(loser.page, match)).toEqual(logs[racers.indexOf(loser)]);
		// the old holder back: it follows the winner, no conflict
		app.proxy.refuse(() => false);
		await expect(holder.page.getByTestId('live-pen')).toContainText(
			`${name.get(winner)}'s phone has the pen`,
			{ timeout: 20_000 }
		);
		for (const it of phones) await expect(it.page.getByTestId('live-conflict')).toHaveCount(0);
		holder = winner;
	}
	expect(losers).toHaveLength(RACES);
	// the server holds one chain: the start, two entries, one pen entry per round, no fork
	const server = await onServer(table);
	expect(server.unreadable).toBe(0);
	chain(server.entries);
	expect(server.entries.filter((entry) => entry.change.kind === 'pen')).toHaveLength(RACES);
	// the last winner enters, and every phone has the same log as the server
	await playIllPass(holder.page, ['take']);
	await expect.poll(async () => chain((await onServer(table)).entries)).toHaveLength(3);
	const log = chain((await onServer(table)).entries);
	for (const it of phones) await expect.poll(() => storedLog(it.page, match)).toEqual(log);
	await Promise.all(phones.map((it) => it.context.close()));
});

test('live: the pen phone cut off keeps playing, and its entries reach the table in order when back', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const ben = await follower(browser, 'ben', ana.players);
	const table = tableOf(ana.players);
	await playIllPass(ana.page, [3, 'pass']);
	await expect(ben.page.getByTestId('pot')).toHaveText('1 chip on it');
	await expect.poll(async () => (await onServer(table)).entries).toHaveLength(3);
	// a real cut of the pen phone's connection (the WebSocket closed, no way back meanwhile)
	app.proxy.refuse((agent) => agent.includes('passpad-ana'));
	await expect(ana.page.getByTestId('live-offline')).toBeVisible();
	await playIllPass(ana.page, ['take', 4, 'pass', 'take', 5]);
	// the cut is real: the five actions are stored on the pen phone (two before, seven now),
	// and none reached the server, the only way to the follower
	await expect.poll(() => storedLog(ana.page, matchOf(ana.page))).toHaveLength(7);
	expect((await onServer(table)).entries).toHaveLength(3);
	app.proxy.refuse(() => false);
	await expect(ben.page.getByTestId('face-up')).toHaveText('5', { timeout: 20_000 });
	await expect(ben.page.getByTestId('score-sheet')).toHaveText(
		(await ana.page.getByTestId('score-sheet').textContent()) ?? ''
	);
	await expect(ana.page.getByTestId('live-offline')).toHaveCount(0);
	// what was entered offline is on the server once, in order, and on the follower
	const log = await storedLog(ana.page, matchOf(ana.page));
	expect(log).toHaveLength(7);
	await expect.poll(async () => chain((await onServer(table)).entries)).toEqual(log);
	await expect.poll(() => storedLog(ben.page, matchOf(ana.page))).toEqual(log);
	// each action entered offline is its own entry, as it was entered (never one rewrite of
	// them all): the follower's news line and the log's history say each step
	const offline = (await onServer(table)).entries.slice(3);
	expect(offline.map((entry) => entry.change)).toEqual(
		log.slice(2).map((action) => ({ kind: 'act', action }))
	);
	await expect(ben.page.getByTestId('live-refused')).toHaveCount(0);
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('live: the server killed with SIGKILL and restarted loses no entry; the follower resumes with no gap or double', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const ben = await follower(browser, 'ben', ana.players);
	const match = matchOf(ana.page);
	const table = tableOf(ana.players);
	await playIllPass(ana.page, [3, 'pass', 'take']);
	await expect(ben.page.getByTestId('face-up')).toHaveCount(0);
	await app.live.kill(0, 'SIGKILL');
	await playIllPass(ana.page, [4, 'pass']);
	await app.live.restart(0);
	await playIllPass(ana.page, ['take', 5]);
	await expect(ben.page.getByTestId('face-up')).toHaveText('5', { timeout: 30_000 });
	await expect(ben.page.getByTestId('score-sheet')).toHaveText(
		(await ana.page.getByTestId('score-sheet').textContent()) ?? ''
	);
	// every entry the pen phone made is on the server, once, in order, and the follower has
	// exactly that log: nothing lost, no gap, no double, no false conflict
	const log = await storedLog(ana.page, match);
	expect(log).toHaveLength(7);
	await expect.poll(async () => chain((await onServer(table)).entries)).toEqual(log);
	await expect.poll(() => storedLog(ben.page, match)).toEqual(log);
	for (const it of [ana, ben]) {
		await expect(it.page.getByTestId('live-conflict')).toHaveCount(0);
		await expect(it.page.getByTestId('live-stale')).toHaveCount(0);
		await expect(it.page.getByTestId('live-refused')).toHaveCount(0);
	}
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('pen: taken while the pen phone was cut off; back, it shows both versions and loses nothing', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const ben = await follower(browser, 'ben', ana.players, { clock: true });
	await playIllPass(ana.page, [3, 'pass']);
	await expect(ben.page.getByTestId('pot')).toHaveText('1 chip on it');
	app.proxy.refuse((agent) => agent.includes('passpad-ana'));
	await expect(ana.page.getByTestId('live-offline')).toBeVisible();
	await playIllPass(ana.page, ['take', 4]);
	// the holder is silent: on Ben's clock 30 s pass, and "Take the pen" takes it at once
	await ben.page.getByRole('combobox', { name: 'Whose phone is this?' }).selectOption('Ben');
	await ben.page.clock.fastForward(31_000);
	await ben.page.getByRole('button', { name: 'Take the pen' }).click();
	await expect(ben.page.getByTestId('play')).not.toHaveAttribute('inert', '');
	await playIllPass(ben.page, ['pass', 'pass']);
	app.proxy.refuse(() => false);
	await expect(ana.page.getByTestId('live-conflict')).toBeVisible({ timeout: 20_000 });
	await expect(ana.page.getByTestId('live-conflict')).toContainText('The table: 4 entries');
	await expect(ana.page.getByTestId('live-conflict')).toContainText('This phone: 4 entries');
	await ana.page.getByRole('button', { name: 'Follow the table' }).click();
	await expect(ana.page.getByTestId('pot')).toHaveText('3 chips on it');
	// its own entries are kept as a match of their own
	await ana.page.goto('/history');
	await expect(ana.page.getByRole('link', { name: /I'll Pass/ })).toHaveCount(2);
	await Promise.all([ana, ben].map((it) => it.context.close()));
});
