// Each live table's quota at the keeper (docs/live.md, "Who writes: the keeper", check 5): the entries and
// bytes it sent in the last minute, every request let through counted (one the keeper then
// refuses too: a flood of junk costs the server its reading), so a leaked link's flood is held to a trickle. Pure: the clock
// is given.
import { TABLE_BYTES_PER_MINUTE, TABLE_ENTRIES_PER_MINUTE } from '../src/lib/wire/limits';

const MINUTE = 60_000;

export class Quota {
	readonly #sent = new Map<string, { at: number; bytes: number }[]>();
	readonly #entries: number;
	readonly #bytes: number;

	constructor(entries = TABLE_ENTRIES_PER_MINUTE, bytes = TABLE_BYTES_PER_MINUTE) {
		this.#entries = entries;
		this.#bytes = bytes;
	}

	/** Counts one request of `bytes` from `table` at `now`: false when it is past the minute's quota. */
	take(table: string, bytes: number, now: number): boolean {
		const sent = (this.#sent.get(table) ?? []).filter((one) => now - one.at < MINUTE);
		const total = sent.reduce((sum, one) => sum + one.bytes, 0);
		const fits = sent.length < this.#entries && total + bytes <= this.#bytes;
		// what is refused is not counted: the table's own entries go through once the flood stops
		if (fits) sent.push({ at: now, bytes });
		if (sent.length) this.#sent.set(table, sent);
		else this.#sent.delete(table);
		return fits;
	}
}
