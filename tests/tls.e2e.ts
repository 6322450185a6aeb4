import { expect, test, chromium, type Browser } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMatch, waitForServiceWorker } from './helpers';
import { phoneContext } from './live';
import { freePort } from '../server/nats';

// `npm run server -- --tls <cert> <key>` (docs/live.md, "HTTPS on a club's network"): the real
// server entry (build-server/main.js, from `npm run build`) serves https and wss with a
// certificate signed by the test's own CA; Chromium trusts that certificate's key alone
// (--ignore-certificate-errors-spki-list), as a phone trusts a club's CA once installed.

let dir: string;
let server: ChildProcess;
let browser: Browser;
let origin: string;
let hostLink: string;

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, and a certificate it signs for 127.0.0.1 and localhost; the certificate key's SPKI hash. */
function makeCertificates(): string {
	openssl(
		'req',
		'-x509',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-days',
		'2',
		'-subj',
		'/CN=Passpad test CA',
		'-keyout',
		'ca.key',
		'-out',
		'ca.pem'
	);
	writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
	openssl(
		'req',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-subj',
		'/CN=127.0.0.1',
		'-keyout',
		'key.pem',
		'-out',
		'server.csr'
	);
	openssl(
		'x509',
		'-req',
		'-in',
		'server.csr',
		'-CA',
		'ca.pem',
		'-CAkey',
		'ca.key',
		'-CAcreateserial',
		'-days',
		'2',
		'-extfile',
		'san.ext',
		'-out',
		'cert.pem'
	);
	const publicKey = openssl('x509', '-in', 'cert.pem', '-pubkey', '-noout');
	const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
	return execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
}

/** The server entry with --tls, resolved once it serves and has written the host link. */
async function startServer(port: number): Promise<ChildProcess> {
	const child = spawn(
		process.execPath,
		[
			'build-server/main.js',
			'--tls',
			join(dir, 'cert.pem'),
			join(dir, 'key.pem'),
			'--port',
			String(port),
			'--host',
			'127.0.0.1',
			'--data',
			join(dir, 'live')
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] }
	);
	let said = '';
	child.stdout!.on('data', (chunk) => (said += chunk));
	child.stderr!.on('data', (chunk) => (said += chunk));
	// a state, not a time: the server has said where the host link is, and written it
	const ready = () => said.includes('The host link') && existsSync(join(dir, 'live', 'host.link'));
	await new Promise<void>((resolve, reject) => {
		const check = setInterval(() => {
			if (ready()) return void (clearInterval(check), resolve());
			if (child.exitCode !== null) {
				clearInterval(check);
				reject(new Error(`the server exited (${child.exitCode}):\n${said}`));
			}
		}, 50);
	});
	// the host link is a credential: never in the server's output
	expect(said).not.toMatch(/#u=|&p=/);
	return child;
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'passpad-tls-'));
	const spki = makeCertificates();
	const port = await freePort();
	server = await startServer(port);
	hostLink = readFileSync(join(dir, 'live', 'host.link'), 'utf8').trim();
	origin = `https://127.0.0.1:${port}`;
	browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--no-first-run',
			`--ignore-certificate-errors-spki-list=${spki}`
		]
	});
});
test.afterAll(async () => {
	await browser?.close();
	if (server && server.exitCode === null) {
		const exited = new Promise((done) => server.once('exit', done));
		server.kill('SIGTERM');
		await exited;
	}
	if (dir) rmSync(dir, { recursive: true, force: true });
});

test('tls: over https the service worker installs and a match is played live over wss', async () => {
	expect(hostLink.startsWith(`${origin}/live#`)).toBe(true);
	const context = await phoneContext(browser, origin, 'ana');
	const page = await context.newPage();
	const sockets: string[] = [];
	page.on('websocket', (socket) => sockets.push(socket.url()));
	await page.goto(`${origin}/`);
	await waitForServiceWorker(page);
	await page.goto(hostLink);
	await expect(page.getByRole('status')).toContainText('can now open live tables');
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Play live' }).click();
	await expect(page.getByTestId('live-state')).toContainText('This phone has the pen');
	const links = page.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	expect(sockets.length).toBeGreaterThan(0);
	expect(sockets.every((url) => url.startsWith(`wss://127.0.0.1:`))).toBe(true);

	// a second phone follows over wss too
	const ben = await (await phoneContext(browser, origin, 'ben')).newPage();
	await ben.goto((await links.nth(0).getAttribute('href'))!);
	await expect(ben.getByTestId('live-pen')).toContainText("Ana's phone has the pen");
	await context.close();
});
