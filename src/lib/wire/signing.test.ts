import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { PUBLIC_KEY, SIGNATURE, newKeyPair, signed, signerOf, verified } from './signing';

const [ana, ben] = await Promise.all([0, 1].map(async () => signerOf(await newKeyPair())));
const entry = {
	v: 1,
	id: 'entry-000001',
	pos: 3,
	change: { kind: 'act', action: { type: 'pass' } }
};

describe('who wrote a message (docs/wire.md, "What travels")', () => {
	it('signing: a signed message names its writer’s key and verifies, whatever the order of its names (property)', async () => {
		const sent = await signed(entry, ana);
		expect(sent.key).toMatch(PUBLIC_KEY);
		expect(sent.sig).toMatch(SIGNATURE);
		expect(await verified(sent)).toBe(true);
		// read back from JSON, its names in any order: the canonical JSON is the same
		const all = Object.keys(sent);
		await fc.assert(
			fc.asyncProperty(fc.shuffledSubarray(all, { minLength: all.length }), async (names) => {
				const reordered = Object.fromEntries(names.map((name) => [name, sent[name as 'id']]));
				expect(await verified(JSON.parse(JSON.stringify(reordered)))).toBe(true);
			}),
			{ numRuns: 20 }
		);
	});

	it('signing: a changed message, another key named, or no signature does not verify', async () => {
		const sent = await signed(entry, ana);
		expect(await verified({ ...sent, pos: 4 })).toBe(false);
		expect(await verified({ ...sent, change: { kind: 'undo' } })).toBe(false);
		expect(await verified({ ...sent, key: ben.key })).toBe(false);
		expect(await verified({ ...(await signed(entry, ben)), key: ana.key })).toBe(false);
		expect(await verified({ ...sent, sig: undefined })).toBe(false);
		expect(await verified(entry)).toBe(false);
		// a key that is no point of the curve, a signature of the wrong length
		expect(await verified({ ...sent, key: 'A'.repeat(43) })).toBe(false);
		expect(await verified({ ...sent, sig: 'A'.repeat(40) })).toBe(false);
		expect(await verified(null)).toBe(false);
	});

	it('signing: the private key never leaves WebCrypto', async () => {
		const pair = (await newKeyPair()) as CryptoKeyPair;
		expect(pair.privateKey.extractable).toBe(false);
		await expect(crypto.subtle.exportKey('pkcs8', pair.privateKey)).rejects.toThrow();
	});
});

describe('signing without WebCrypto (a page on plain http: no crypto.subtle)', () => {
	it('signing: tweetnacl’s keys sign what WebCrypto verifies, and verifies what WebCrypto signed', async () => {
		const web = await signed(entry, ana);
		const real = globalThis.crypto;
		vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
		let plain;
		try {
			const pair = await newKeyPair();
			expect('secretKey' in pair).toBe(true);
			plain = await signed(entry, await signerOf(pair));
			expect(plain.key).toMatch(PUBLIC_KEY);
			// a plain page reads a secure one's entries, and refuses a changed one
			expect(await verified(web)).toBe(true);
			expect(await verified(plain)).toBe(true);
			expect(await verified({ ...web, pos: 9 })).toBe(false);
			expect(await verified({ ...plain, key: ana.key })).toBe(false);
		} finally {
			vi.unstubAllGlobals();
		}
		// and WebCrypto (the keeper's, a secure page's) reads the plain page's
		expect(await verified(plain)).toBe(true);
		expect(await verified({ ...plain, pos: 9 })).toBe(false);
	});
});
