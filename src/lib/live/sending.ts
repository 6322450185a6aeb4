/**
 * What the pen phone sends next (docs/wire.md, "On the phone: one replicator"): the first step
 * of the outbox, written in the store's own transaction as the change was committed
 * (db/links.ts), when the outbox leads from the table's log to this phone's; else the difference of the
 * two logs (sync.ts): a match that came live with entries already, or steps the table no
 * longer fits (another phone's entries came first).
 */
import type { LiveMatch } from './replay';
import type { Change } from './protocol';
import type { LocalPort } from './table-port';
import { stepsToSend } from './sync';
import type { SendChange, SendRow } from '$lib/db/schema';
import { canonicalJson as key } from '$lib/wire/canonical';

/** The log after these steps, taken on `log`. Pure. */
export function after(log: readonly unknown[], steps: readonly SendChange[]): unknown[] {
	let at = [...log];
	for (const step of steps) {
		if (step.kind === 'act') at.push(step.action);
		else if (step.kind === 'undo') at.pop();
		else at = [...at.slice(0, step.from), ...step.actions];
	}
	return at;
}

/** A step to send; `seq`: its outbox row, which goes once the table stored it. */
export interface Step {
	readonly change: Change;
	readonly seq?: number;
	/** the keeper refused it before (a run of the app before this one, perhaps) */
	readonly refused?: SendRow['refused'];
}

export async function nextStep(
	port: Pick<LocalPort, 'outbox'>,
	table: LiveMatch,
	here: readonly unknown[]
): Promise<Step | null> {
	const rows = await port.outbox();
	const first = rows[0];
	// the outbox is sent only when it leads from the table's log to this phone's, step by step
	const fits =
		first?.seq !== undefined &&
		first.pos === table.actions.length &&
		key(
			after(
				table.actions,
				rows.map((row) => row.change)
			)
		) === key(here);
	if (fits) return { change: first.change as Change, seq: first.seq, refused: first.refused };
	const change = stepsToSend(table.actions, here)[0];
	return change ? { change } : null;
}

/** One look at a time, and a look asked during one runs once after it (the live table's). */
export class OneLook {
	#queue: Promise<void> = Promise.resolve();
	#queued = false;
	readonly #look: () => Promise<void>;
	constructor(look: () => Promise<void>) {
		this.#look = look;
	}

	ask(): Promise<void> {
		if (this.#queued) return this.#queue;
		this.#queued = true;
		this.#queue = this.#queue
			.then(() => {
				this.#queued = false;
				return this.#look();
			})
			// a failed write here is looked at again with the next entry; the queue goes on
			.catch(() => {});
		return this.#queue;
	}
}
