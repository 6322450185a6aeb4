/**
 * Who wrote an entry (docs/wire.md, "What travels"): each phone signs what it sends with its own
 * Ed25519 key pair (WebCrypto), and every reader, the server's keeper and each phone, checks the
 * signature against the key the message names. The signature covers the canonical JSON
 * (canonical.ts) of the message as sent, without its `sig`, so no reader's parsing changes what
 * was signed.
 *
 * WebCrypto's `subtle` exists in a secure context only: a phone on a club's plain
 * `http://<lan address>` (docs/live.md, "Content-Security-Policy") has none. There the same
 * Ed25519 is done by tweetnacl (pure JavaScript, already among the live client's packages: the
 * NATS library's nkeys use it), loaded only then, and the key pair is kept as bytes.
 */
import { canonicalJson } from './canonical';

const ED25519 = { name: 'Ed25519' } as const;

/** A public key as the wire carries it: the raw 32 bytes, base64url without padding. */
export const PUBLIC_KEY = /^[A-Za-z0-9_-]{43}$/;
/** A signature: 64 bytes, base64url without padding. */
export const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

export function toBase64url(bytes: Uint8Array): string {
	let text = '';
	for (const byte of bytes) text += String.fromCharCode(byte);
	return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array {
	const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
	return Uint8Array.from(plain, (char) => char.charCodeAt(0));
}

/** The bytes a message's signature covers: its canonical JSON without `sig`. */
export function signedBytes(message: object): Uint8Array {
	return new TextEncoder().encode(canonicalJson({ ...message, sig: undefined }));
}

/** A phone's way to sign: its public key (as the wire names it) and the private key's use. */
export interface Signer {
	readonly key: string;
	sign(bytes: Uint8Array): Promise<string>;
}

/** What a phone keeps: a WebCrypto pair, or where there is no WebCrypto, tweetnacl's secret key. */
export type KeyPair = CryptoKeyPair | { readonly secretKey: Uint8Array };

/** WebCrypto's subtle, where the page has it (a secure context, node). */
const subtle = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;
const nacl = async () => (await import('tweetnacl')).default;

/**
 * A new key pair: with WebCrypto, the private key can sign but never leaves it (not
 * extractable); without, tweetnacl's 64 bytes.
 */
export async function newKeyPair(): Promise<KeyPair> {
	const web = subtle();
	if (!web) return { secretKey: (await nacl()).sign.keyPair().secretKey };
	return web.generateKey(ED25519, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

export async function signerOf(pair: KeyPair): Promise<Signer> {
	if ('secretKey' in pair) {
		const sign = (await nacl()).sign;
		return {
			// tweetnacl's secret key is the seed, then the public key
			key: toBase64url(pair.secretKey.slice(32)),
			sign: async (bytes) => toBase64url(sign.detached(bytes, pair.secretKey))
		};
	}
	const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	return {
		key: toBase64url(raw),
		async sign(bytes) {
			const signature = await crypto.subtle.sign(ED25519, pair.privateKey, bytes as BufferSource);
			return toBase64url(new Uint8Array(signature));
		}
	};
}

/** The message with this phone's key, signed. */
export async function signed<T extends object>(
	message: T,
	signer: Signer
): Promise<T & { key: string; sig: string }> {
	const keyed = { ...message, key: signer.key };
	return { ...keyed, sig: await signer.sign(signedBytes(keyed)) };
}

/** Imported public keys: a table's few phones sign everything it reads. */
const imported = new Map<string, Promise<CryptoKey>>();

function publicKey(key: string): Promise<CryptoKey> {
	let found = imported.get(key);
	if (!found) {
		if (imported.size >= 1_000) imported.clear();
		found = crypto.subtle.importKey('raw', fromBase64url(key) as BufferSource, ED25519, true, [
			'verify'
		]);
		imported.set(key, found);
	}
	return found;
}

/** Whether the message carries a key and a signature of its own bytes by that key. */
export async function verified(message: unknown): Promise<boolean> {
	if (!message || typeof message !== 'object') return false;
	const { key, sig } = message as { key?: unknown; sig?: unknown };
	if (typeof key !== 'string' || !PUBLIC_KEY.test(key)) return false;
	if (typeof sig !== 'string' || !SIGNATURE.test(sig)) return false;
	if (!subtle()) {
		const { sign } = await nacl();
		return sign.detached.verify(signedBytes(message), fromBase64url(sig), fromBase64url(key));
	}
	try {
		return await crypto.subtle.verify(
			ED25519,
			await publicKey(key),
			fromBase64url(sig) as BufferSource,
			signedBytes(message) as BufferSource
		);
	} catch {
		// a key that is not a point of the curve: no signature of it holds
		imported.delete(key);
		return false;
	}
}
