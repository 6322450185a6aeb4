// What the live tests share (docs/live.md, "The protocol"): the phones' ids and the entry that
// starts an I'll Pass match at a table, Ana holding the pen.
import { writeEntry, type Entry } from './protocol';
import { newKeyPair, signed, signerOf, type Signer } from '$lib/wire/signing';

export const ANA = 'phone-ana-0001';
export const BEN = 'phone-ben-0002';

const NAMES = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve'];

/** The start entry of an I'll Pass match of `players` (3 unless said), Ana's phone with the pen. */
export function startEntry({
	id = 'entry-start-01',
	match = 'match-1',
	by = ANA,
	at = 1,
	players = 3,
	config = { start: 0, takerReveals: false }
}: {
	id?: string;
	match?: string;
	by?: string;
	at?: number;
	players?: number;
	config?: unknown;
} = {}): Entry {
	return {
		v: 1,
		id,
		match,
		pos: 0,
		prev: null,
		by,
		at,
		change: {
			kind: 'start',
			game: 'ill-pass',
			config,
			names: NAMES.slice(0, players),
			createdAt: at,
			pen: 'Ana'
		}
	};
}

let anas: Promise<Signer> | null = null;
/** Ana's phone's key pair, made once for the test file. */
export const anaSigner = () => (anas ??= newKeyPair().then(signerOf));

/** An entry's bytes as a phone sends them: with its writer's key, signed (Ana's unless said). */
export async function sealed(entry: Entry, signer?: Signer): Promise<Uint8Array> {
	return writeEntry(await signed(entry, signer ?? (await anaSigner())));
}
