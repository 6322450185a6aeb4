import { afterEach, describe, expect, it } from 'vitest';
import { forgetSigner, phoneSigner, type KeyStore } from './keys';
import { signed, verified, type KeyPair } from '$lib/wire/signing';

/** A phone's store, in memory: what it keeps and how often a pair was stored. */
function memoryStore() {
	const kept: { pair?: KeyPair; stores: number } = { stores: 0 };
	const store: KeyStore = {
		get: async () => kept.pair,
		async keep(pair) {
			kept.stores++;
			kept.pair ??= pair;
			return kept.pair;
		}
	};
	return { store, kept };
}

afterEach(forgetSigner);

describe('this phone’s key (docs/live.md, "Who writes: the keeper")', () => {
	it('keys: made once on first use and kept: the same key at every later use, after a reload too', async () => {
		const { store, kept } = memoryStore();
		const [one, two] = await Promise.all([phoneSigner(store), phoneSigner(store)]);
		expect(one.key).toBe(two.key);
		expect(kept.stores).toBe(1);
		// the page reloaded: the kept pair is read, none made
		forgetSigner();
		const again = await phoneSigner(store);
		expect(again.key).toBe(one.key);
		expect(kept.stores).toBe(1);
		expect(await verified(await signed({ id: 'entry-000001' }, again))).toBe(true);
		// the private key kept is WebCrypto's, not extractable
		expect('privateKey' in kept.pair! && kept.pair.privateKey.extractable).toBe(false);
	});
});
