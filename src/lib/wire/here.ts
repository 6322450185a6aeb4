/**
 * The pen phone's "still here", proven (docs/wire.md, "What travels"): its
 * body stays the holder's phone id, as every build reads it, and headers carry the phone's key,
 * the phone's clock and the signature (signing.ts) over the table, the match, the id and that
 * clock. The server's keeper counts only a proven `here` when it judges whether the holder is
 * silent; phones follow every `here`, an older build's unsigned one too.
 */
import { PUBLIC_KEY, signed, verified, type Signer } from './signing';

export const HERE_KEY = 'Passpad-Key';
export const HERE_SIG = 'Passpad-Sig';
export const HERE_AT = 'Passpad-At';

/** What a `here`'s signature covers: nothing of it can be moved to another match or phone. */
const body = (table: string, match: string, by: string, at: number) => ({
	here: 1,
	table,
	match,
	by,
	at
});

/** The headers of `by`'s `here` at `at` (its phone's clock), signed with its phone's key. */
export async function hereHeaders(
	table: string,
	match: string,
	by: string,
	at: number,
	signer: Signer
): Promise<Record<string, string>> {
	const { key, sig } = await signed(body(table, match, by, at), signer);
	return { [HERE_KEY]: key, [HERE_SIG]: sig, [HERE_AT]: String(at) };
}

/**
 * The key that proved a `here` of `by`, and the clock it named; null when it is unsigned (an
 * older build's) or its signature does not hold.
 */
export async function hereProof(
	table: string,
	match: string,
	by: string,
	header: (name: string) => string | undefined
): Promise<{ key: string; at: number } | null> {
	const key = header(HERE_KEY);
	const sig = header(HERE_SIG);
	const at = Number(header(HERE_AT));
	if (!key || !sig || !PUBLIC_KEY.test(key) || !Number.isSafeInteger(at) || at < 0) return null;
	const proven = await verified({ ...body(table, match, by, at), key, sig });
	return proven ? { key, at } : null;
}
