/**
 * A server that came back without entries a phone had read from it (nats-server 2.9 may lose
 * the last acknowledged entries in a power cut: docs/live.md, "Durability"). The phone reads the
 * table again from its first entry; until the table is as long as it was, the pen phone sends
 * again what it holds past the server's end, and no phone takes the shorter log over its own.
 */
import type { Verdict } from './replay';

export type GapLook = 'whole' | 'send-again' | 'wait';

export class Gap {
	/** the table's length in entries before the server lost some; null: nothing lost */
	#before: number | null = null;
	/** the entry at which the table was last read again (never twice for one entry) */
	#readAgainAt: number | null = null;

	/** The server lost entries: the table held `entries` before. */
	lost(entries: number) {
		this.#before = Math.max(this.#before ?? 0, entries);
	}

	/**
	 * Whether an entry read from the server says it lost some: the keeper keeps one chain, so an
	 * entry that does not follow this phone's copy means the server went on from an earlier one.
	 * Once per entry: read again, it is what the server holds.
	 */
	readAgainFor(verdict: Verdict, seq: number): boolean {
		const apart =
			verdict.kind === 'conflict' || (verdict.kind === 'refused' && verdict.why === 'out-of-place');
		if (!apart || this.#readAgainAt === seq) return false;
		this.#readAgainAt = seq;
		return true;
	}

	/** The logs agree again: nothing is missing. */
	whole() {
		this.#before = null;
	}

	/** At a look, with the table `entries` long: what this phone does about the lost entries. */
	look(entries: number, penIsMine: boolean): GapLook {
		if (this.#before === null || entries >= this.#before) {
			this.#before = null;
			return 'whole';
		}
		return penIsMine ? 'send-again' : 'wait';
	}
}
