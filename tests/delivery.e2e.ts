import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import {
	cpSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort } from '../server/nats';
import { startServer } from '../scripts/start-server.mjs';

// The build goes out precompressed (scripts/compress.mjs writes .br and .gz
// siblings; scripts/serve.mjs sends them), with the same cache and security headers.

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
}

/** A GET that says exactly which encodings it accepts (a browser always says br, gzip). */
function fetchRaw(url: string, acceptEncoding: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					headers: response.headers,
					body: Buffer.concat(chunks)
				})
			);
		}).on('error', reject);
	});
}

const decoded = ({ headers, body }: Answer) =>
	headers['content-encoding'] === 'br'
		? brotliDecompressSync(body)
		: headers['content-encoding'] === 'gzip'
			? gunzipSync(body)
			: body;

test('the home page arrives brotli-compressed, with its cache and security headers', async ({
	page
}) => {
	const answers: { url: string; type: string; headers: Record<string, string> }[] = [];
	page.on('response', async (response) => {
		const type = response.request().resourceType();
		if (['document', 'script', 'stylesheet'].includes(type)) {
			answers.push({ url: response.url(), type, headers: await response.allHeaders() });
		}
	});
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
	await page.waitForLoadState('networkidle');
	expect(answers.filter((answer) => answer.type === 'script').length).toBeGreaterThan(3);
	let compressed = 0;
	for (const { url, headers } of answers) {
		const path = new URL(url).pathname;
		const file = path.includes('.') ? `build${path}` : 'build/index.html'; // the home page
		// a few bytes (Kit's one-line start entry) would not get smaller: sent as they are
		if (statSync(file).size >= 1024) {
			expect(headers['content-encoding'], path).toBe('br');
			compressed++;
		}
		expect(headers['vary'], path).toBe('Accept-Encoding');
		expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
		expect(headers['x-content-type-options'], path).toBe('nosniff');
		expect(headers['cache-control'], path).toBe(
			path.startsWith('/_app/immutable/') ? 'public, max-age=31536000, immutable' : 'no-cache'
		);
	}
	expect(compressed).toBeGreaterThan(3);
});

test('each encoding a client accepts: brotli, else gzip, else the file itself, with the same bytes', async ({
	baseURL
}) => {
	// the prerendered home page, and the app's shell for every other address
	for (const [path, file] of [
		['/', readFileSync('build/index.html')],
		['/match/any', readFileSync('build/200.html')],
		['/sw.js', readFileSync('build/sw.js')]
	] as const) {
		for (const [accept, encoding] of [
			['gzip, deflate, br', 'br'],
			['gzip', 'gzip'],
			['identity', undefined]
		] as const) {
			const answer = await fetchRaw(`${baseURL}${path}`, accept);
			expect(answer.headers['content-encoding'], `${path} for ${accept}`).toBe(encoding);
			expect(decoded(answer).equals(file), `${path} for ${accept}`).toBe(true);
			if (encoding) expect(answer.body.length).toBeLessThan(file.length);
		}
	}
});

test('a precompressed sibling asked for by its own name is no file of the site: 404', async ({
	baseURL
}) => {
	const siblings = readdirSync('build', { recursive: true, encoding: 'utf8' })
		.filter((file) => /\.(br|gz)$/.test(file))
		.map((file) => `/${file}`);
	expect(siblings).toEqual(expect.arrayContaining(['/index.html.br', '/sw.js.gz']));
	// every one of them, and its file still goes out (compressed) under its own name
	for (const path of siblings) {
		for (const accept of ['gzip, deflate, br', 'identity']) {
			const answer = await fetchRaw(`${baseURL}${path}`, accept);
			expect(answer.status, `${path} for ${accept}`).toBe(404);
			expect(answer.headers['content-encoding'], path).toBeUndefined();
			expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
		}
	}
	const escaped = await fetchRaw(`${baseURL}/index.html%2Ebr`, 'br');
	expect(escaped.status).toBe(404);
	const file = await fetchRaw(`${baseURL}/sw.js`, 'gzip, deflate, br');
	expect([file.status, file.headers['content-encoding']]).toEqual([200, 'br']);
	expect(decoded(file).equals(readFileSync('build/sw.js'))).toBe(true);
});

test.describe('a file changed after the build', () => {
	// a port the system hands out free: a fixed one may already answer for another run's copy
	let port = 0;
	let server: ChildProcess | null = null;
	let dir = '';
	test.beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'passpad-build-'));
		cpSync('build', dir, { recursive: true });
		// a new version deployed by hand: the worker changes, its old siblings stay behind
		writeFileSync(join(dir, 'sw.js'), `${readFileSync(join(dir, 'sw.js'), 'utf8')}\n// next\n`);
		port = (await freePort()) as number;
		server = await startServer(port, dir);
	});
	test.afterAll(() => {
		server?.kill();
		rmSync(dir, { recursive: true, force: true });
	});

	test('goes out as it now is, never as its stale compressed sibling', async () => {
		const sw = await fetchRaw(`http://localhost:${port}/sw.js`, 'gzip, deflate, br');
		expect(sw.headers['content-encoding']).toBeUndefined();
		expect(sw.body.toString('utf8')).toMatch(/\/\/ next\n$/);
		// the files left as they were still go out compressed
		const shell = await fetchRaw(`http://localhost:${port}/`, 'gzip, deflate, br');
		expect(shell.headers['content-encoding']).toBe('br');
		expect(decoded(shell).equals(readFileSync(join(dir, 'index.html')))).toBe(true);
	});
});
