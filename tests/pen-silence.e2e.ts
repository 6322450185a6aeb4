import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { playIllPass, startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { matchOf } from './stored';
import { axe } from './axe';
import { LiveChannel } from '../src/lib/live/client';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { HERE_SIG } from '../src/lib/wire/here';
import { hereSubject, inboxOf, streamOf } from '../src/lib/wire/names.js';
import { newKeyPair, signed, signerOf } from '../src/lib/wire/signing';

// The pen's silence, proven at the server (docs/live.md, "The pen"): a leaked players' link's
// raw client takes the pen from the phone at play: refused, every phone still shows the holder
// with the pen; the holder's signed "still here" keeps it; once the holder is cut off and
// silent, the pen is taken. The server's silence is shortened for this file (read once as the
// keeper starts); it stays longer than the pen phone's "still here" (5 s), so only that word
// keeps the pen while the holder does not play. The unit tests pin the 30 s (server/pen.test.ts).

const SILENCE_MS = 8_000;
const MALLORY = 'phone-mallory-0666';
let app: Awaited<ReturnType<typeof startLiveApp>>;
let before: string | undefined;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	before = process.env.PASSPAD_PEN_SILENCE_MS;
	process.env.PASSPAD_PEN_SILENCE_MS = String(SILENCE_MS);
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
	process.env.PASSPAD_PEN_SILENCE_MS = before;
});

/** The match's entries as the table's stream holds them, read with the server's rights. */
async function onServer(table: string): Promise<Entry[]> {
	const info = await app.live.jsm.streams.info(streamOf(table));
	const entries: Entry[] = [];
	for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
		const message = await app.live.jsm.streams.getMessage(streamOf(table), { seq });
		if (message) entries.push(message.json<Entry>());
	}
	return entries;
}

/** A client holding the players' link's credential, as a hostile phone would connect. */
function client(credential: { user: string; pass: string }): Promise<NatsConnection> {
	return connect({
		servers: `127.0.0.1:${app.live.nodes[0].port}`,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user)
	});
}

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/pen';

test('pen: a leaked link cannot take the pen from the phone at play; after its silence it can', async ({
	browser
}) => {
	const ana = await (await phoneContext(browser, app.origin, 'ana')).newPage();
	await ana.goto(app.hostLink);
	await expect(ana.getByRole('status')).toContainText('can now open live tables');
	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await ana.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.getByTestId('live-state')).toContainText('This phone has the pen');
	const players = (await ana.getByTestId('live-link').nth(0).getAttribute('href'))!;
	const fields = new URLSearchParams(players.split('#')[1]);
	const link = { table: fields.get('t')!, user: fields.get('u')!, pass: fields.get('p')! };
	const match = matchOf(ana);
	// Ben follows with the players' link, his clock one the test moves on
	const benContext = await phoneContext(browser, app.origin, 'ben');
	await benContext.clock.install();
	const ben = await benContext.newPage();
	await ben.goto(players);
	await expect(ben).toHaveURL(/\/match\//, { timeout: 20_000 });
	await playIllPass(ana, [3, 'pass']);
	await expect(ben.getByTestId('pot')).toHaveText('1 chip on it');
	await expect(ben.getByTestId('live-pen')).toContainText("Ana's phone has the pen");

	// the leaked link's raw client, with a key of its own
	const nc = await client(link);
	const leaked = new LiveChannel(nc, link.table, match);
	const mallory = await signerOf(await newKeyPair());
	const take = async () => {
		const entries = await onServer(link.table);
		const last = entries[entries.length - 1];
		const change: Change = { kind: 'pen', to: MALLORY, name: 'Mallory', key: mallory.key };
		const entry: Entry = {
			v: 1,
			id: newId(),
			match,
			pos: entries.length,
			prev: last.id,
			by: MALLORY,
			at: Date.now(),
			change
		};
		return leaked.append(writeEntry(await signed(entry, mallory)));
	};
	const stored = await onServer(link.table);
	expect(await take()).toEqual({ ok: false, why: 'pen-held' });
	expect(await onServer(link.table)).toEqual(stored);

	// Ana does not play, but her phone says "still here", signed: one heard after the silence
	// since her last entry keeps her the pen
	const heres: { at: number; signed: boolean }[] = [];
	nc.subscribe(hereSubject(link.table, match), {
		callback: (_, message) =>
			void heres.push({ at: Date.now(), signed: !!message.headers?.get(HERE_SIG) })
	});
	const lastPlayed = Date.now();
	await expect
		.poll(() => heres.filter((here) => here.at > lastPlayed + SILENCE_MS).length, {
			timeout: 30_000
		})
		.toBeGreaterThan(0);
	expect(heres.every((here) => here.signed)).toBe(true);
	expect(await take()).toEqual({ ok: false, why: 'pen-held' });
	expect(await onServer(link.table)).toEqual(stored);

	// Ben's screen thinks Ana silent (his clock moved on 31 s): his "Take the pen" is refused
	// by the table, in words, and he does not get the pen
	await ben.getByRole('combobox', { name: 'Whose phone is this?' }).selectOption('Ben');
	await ben.clock.fastForward(31_000);
	await expect(ben.getByTestId('live-pen')).toHaveAttribute('data-holder-silent', 'true');
	await ben.getByRole('button', { name: 'Take the pen' }).click();
	await expect(ben.getByTestId('live-rejected')).toContainText(
		'The table refused: the phone with the pen is still playing. Ask it for the pen.'
	);
	// said where he looks, at 360x640, and read by every reader
	await expect(ben.getByTestId('live-rejected')).toBeInViewport();
	expect((await axe(ben).analyze()).violations).toEqual([]);
	// the refusal as Ben sees it, for a person to open: light and dark, phone and tablet
	mkdirSync(SHOTS, { recursive: true });
	await ben.screenshot({ path: `${SHOTS}/pen-held-360-en-light.png` });
	await ben.emulateMedia({ colorScheme: 'dark' });
	await ben.screenshot({ path: `${SHOTS}/pen-held-360-en-dark.png` });
	await ben.setViewportSize({ width: 820, height: 1180 });
	await ben.screenshot({ path: `${SHOTS}/pen-held-820-en-dark.png` });
	await ben.emulateMedia({ colorScheme: 'light' });
	await ben.screenshot({ path: `${SHOTS}/pen-held-820-en-light.png` });
	await ben.setViewportSize({ width: 360, height: 640 });
	await ben.emulateMedia({ colorScheme: 'light' });
	// the table heard Ana: on Ben's screen she is no longer silent, his next tap asks
	await expect(ben.getByTestId('live-pen')).toHaveAttribute('data-holder-silent', 'false');
	expect(await onServer(link.table)).toEqual(stored);
	await expect(ana.getByTestId('live-state')).toContainText('This phone has the pen');
	await expect(ben.getByTestId('live-pen')).toContainText("Ana's phone has the pen");

	// Ana's phone is cut off: once she has been silent for the silence, the pen is taken
	app.proxy.refuse((agent) => agent.includes('passpad-ana'));
	await expect(ana.getByTestId('live-offline')).toBeVisible();
	await expect.poll(async () => (await take()).ok, { timeout: 30_000 }).toBe(true);
	await expect(ben.getByTestId('live-pen')).toContainText("Mallory's phone has the pen");
	app.proxy.refuse(() => false);
	await nc.close();
	await Promise.all([ana.context().close(), benContext.close()]);
});
