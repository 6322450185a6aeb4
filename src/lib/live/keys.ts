/**
 * This phone's own key pair (docs/live.md, "Who writes: the keeper"): made once, on the first live entry it
 * signs, and kept in IndexedDB, in the settings store (db/settings.ts, key `live.keys`): a
 * CryptoKeyPair is stored as it is (IndexedDB keeps CryptoKeys), its private key not extractable,
 * so it signs on this phone and never leaves it, not even in a backup (backups read no setting).
 * A page with no WebCrypto (plain http on a LAN) keeps tweetnacl's key bytes there instead
 * (wire/signing.ts).
 */
import { database } from '$lib/db';
import { newKeyPair, signerOf, type KeyPair, type Signer } from '$lib/wire/signing';

const KEYS = 'live.keys';

/** What keeps the pair: the phone's settings store, or a test's. */
export interface KeyStore {
	get(): Promise<KeyPair | undefined>;
	/** stores `pair` unless one is kept already; the one kept */
	keep(pair: KeyPair): Promise<KeyPair>;
}

export const settingsKeyStore = (): KeyStore => ({
	async get() {
		const row = await database().settings.get(KEYS);
		return row?.value as KeyPair | undefined;
	},
	async keep(pair) {
		const settings = database().settings;
		// two tabs making their first entry at once keep one pair: the first stored
		return database().transaction('rw', settings, async () => {
			const row = await settings.get(KEYS);
			if (row) return row.value as KeyPair;
			await settings.put({ key: KEYS, value: pair });
			return pair;
		});
	}
});

let mine: Promise<Signer> | null = null;

/** This phone's signer: its kept pair, or a new one kept now. */
export function phoneSigner(store: KeyStore = settingsKeyStore()): Promise<Signer> {
	mine ??= (async () => {
		const kept = (await store.get()) ?? (await store.keep(await newKeyPair()));
		return signerOf(kept);
	})().catch((error) => {
		mine = null;
		throw error;
	});
	return mine;
}

/** Forgets the signer made in this page (tests that give each phone a store of its own). */
export function forgetSigner() {
	mine = null;
}
