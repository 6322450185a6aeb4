import { describe, expect, it } from 'vitest';
import { askOpenTable, serverIsOpen } from './open';

// Open tables as the phone asks (docs/live.md, "Open tables"): only the server's own word opens
// the offer, and every refusal comes back as a word the screen says.

/** A fetch that answers `body` with `status` (or, for a string, a page that is not JSON). */
const answering = (body: unknown, status = 200) =>
	(async () =>
		new Response(typeof body === 'string' ? body : JSON.stringify(body), {
			status
		})) as unknown as typeof fetch;
const offline = (async () => {
	throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

const credential = (user: string) => ({ user, pass: 'Zq3kD8pLm2Xr7Tn4Vb9Wc1Yh' });

describe('whether the server opens tables for any phone', () => {
	it('is yes only when the server says so', async () => {
		expect(await serverIsOpen(answering({ open: true }))).toBe(true);
		expect(await serverIsOpen(answering({ open: false }))).toBe(false);
		// a static host answers the app's shell for any path; no server, or offline: no
		expect(await serverIsOpen(answering('<!doctype html><html></html>'))).toBe(false);
		expect(await serverIsOpen(answering({ open: true }, 404))).toBe(false);
		expect(await serverIsOpen(answering({ open: 'yes' }))).toBe(false);
		expect(await serverIsOpen(offline)).toBe(false);
	});
});

describe('asking an open server for a table', () => {
	it('gives the table and its two credentials', async () => {
		const made = {
			table: 'abcdef123456',
			writer: credential('abcdef123456-w'),
			reader: credential('abcdef123456-r')
		};
		expect(await askOpenTable(answering(made, 201))).toEqual({ ok: true, value: made });
	});

	it('says each refusal as the server gave it, and anything else as failed', async () => {
		for (const error of ['too-many', 'full', 'not-open', 'failed'] as const) {
			expect(await askOpenTable(answering({ error }, 429))).toEqual({ ok: false, error });
		}
		expect(await askOpenTable(answering({ error: 'nope' }, 400))).toEqual({
			ok: false,
			error: 'failed'
		});
		expect(await askOpenTable(answering({ table: '../x' }, 201))).toEqual({
			ok: false,
			error: 'failed'
		});
		expect(await askOpenTable(answering('<html>'))).toEqual({ ok: false, error: 'failed' });
		expect(await askOpenTable(offline)).toEqual({ ok: false, error: 'failed' });
	});
});
