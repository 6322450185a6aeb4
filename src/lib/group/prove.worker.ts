/**
 * A joining phone's proofs beside the page (docs/group.md, "On the phone"): each batch the
 * reader sends is proven here as prove-batch.ts says, and the decisions sent back. The page's
 * thread meanwhile reads the stream and writes the batch before.
 */
import { proveBatch, type PackedBatch } from './prove-batch';

/**
 * Decisions a message: each message is read on the page's thread as one task, so a batch's
 * 500 whole matches in one message would hold the page (a tap) while it is read
 */
const PART = 25;

interface Asked {
	readonly id: number;
	readonly packed: PackedBatch;
}

const scope = globalThis as unknown as {
	addEventListener(type: 'message', listener: (event: MessageEvent<Asked>) => void): void;
	postMessage(message: unknown): void;
};

scope.addEventListener('message', (event) => {
	const { id, packed } = event.data;
	try {
		const proven = proveBatch(packed);
		for (let at = 0; at < proven.length; at += PART) {
			scope.postMessage({ id, proven: proven.slice(at, at + PART), done: false });
		}
		scope.postMessage({ id, proven: [], done: true });
	} catch {
		// the page proves this batch itself (provers.ts)
		scope.postMessage({ id, failed: true });
	}
});
