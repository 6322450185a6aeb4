// What the live tests share (docs/live.md, "The protocol"): the phones' ids and the entry that
// starts an I'll Pass match at a table, Ana holding the pen.
import { writeEntry, type Entry } from './protocol';
import type { LiveMatch } from './replay';
import type { LocalMatch, LocalPort } from './table-port';
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

/**
 * A phone's own copy of a match in memory, as the store's sync port keeps it (table-port.ts):
 * no outbox, so the table sends the difference of the two logs.
 */
export function memoryPort(
	match: Omit<LocalMatch, 'actions'>,
	actions: unknown[] = []
): { port: LocalPort; state: { actions: unknown[]; synced: string | null; writes: number } } {
	const state = { actions, synced: null as string | null, writes: 0 };
	const port: LocalPort = {
		read: (): LocalMatch => ({ ...match, actions: state.actions }),
		async write(table: LiveMatch) {
			state.writes++;
			state.actions = [...table.actions];
			return true;
		},
		keepApart: async () => 'kept-apart',
		synced: async () => state.synced,
		setSynced: async (synced) => void (state.synced = synced),
		outbox: async () => [],
		sent: async () => {},
		refused: async () => {},
		sayPen: async () => {}
	};
	return { port, state };
}
