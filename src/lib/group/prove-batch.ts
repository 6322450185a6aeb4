/**
 * A joining phone's batch proven as things new here (docs/group.md, "On the phone"): each match
 * read, validated and replayed through its game's reducer by reconcile.ts, the same pure
 * decision takeMany makes, so the next batch is proven while the last one's transaction is
 * written. The page proves it, giving way to its events now and then: workers beside the page
 * were measured not to shorten a join on a phone's few cores (their copies of every match, to
 * and fro, cost what the second core gave; bench/RESULTS.md, "between phones (a)").
 */
import type { Message } from './core';
import { thingOfSubject } from './record';
import { reconcile, type Decision } from './reconcile';

/** Decisions made ahead for a batch's matches, by stream sequence. */
export type Proofs = Map<number, Decision>;

/** How long a proof runs before the page's events (a tap, IndexedDB's answers) get their turn. */
export const SLICE_MS = 12;

/** Lets the browser's queued events run (scheduler.yield where there is one). */
const giveWay = (): Promise<void> => {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	return scheduler?.yield ? scheduler.yield() : new Promise((done) => setTimeout(done, 0));
};

/**
 * One message's decision as for a match this phone has nothing of, or null for what is not a
 * match (taken on its own, in order, by take.ts).
 */
export function proveFresh(group: string, message: Message): Decision | null {
	const thing = thingOfSubject(group, message.subject);
	if (!thing?.startsWith('match.')) return null;
	const { seq, msgId, data } = message;
	return reconcile({ hash: null }, undefined, { thing, seq, msgId, data });
}

/** A batch's matches proven by the page, in slices of SLICE_MS. */
export async function proveBatch(
	group: string,
	batch: readonly Message[],
	clock: { now(): number; giveWay(): Promise<void> } = { now: () => performance.now(), giveWay }
): Promise<Proofs> {
	const proven: Proofs = new Map();
	let since = clock.now();
	for (const message of batch) {
		const decision = proveFresh(group, message);
		if (!decision) continue;
		proven.set(message.seq, decision);
		if (clock.now() - since > SLICE_MS) {
			await clock.giveWay();
			since = clock.now();
		}
	}
	return proven;
}
