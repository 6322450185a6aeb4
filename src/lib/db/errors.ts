/**
 * Another tab (or a replay) wrote to this match since it was read: the write is refused so
 * that two tabs can never interleave two different futures into one log.
 */
export class LogConflict extends Error {
	constructor(
		readonly matchId: string,
		readonly expected: number,
		readonly found: number
	) {
		super(`Match ${matchId} has ${found} actions, expected ${expected}: it changed elsewhere.`);
		this.name = 'LogConflict';
	}
}

export class MissingMatch extends Error {
	constructor(readonly matchId: string) {
		super(`No match ${matchId} on this device.`);
		this.name = 'MissingMatch';
	}
}

/**
 * Why storage failed, for the screen to word: the device is full ('quota'); this browser does
 * not let Passpad keep data here, or its storage did not open ('unavailable'); another tab
 * wrote first ('conflict'); the browser's storage broke (a browser or disk error: 'failed');
 * the data cannot be stored as it is ('unstorable'); no reason given ('other').
 */
export type StorageProblem =
	'quota' | 'unavailable' | 'conflict' | 'failed' | 'unstorable' | 'other';

const QUOTA = ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'];
const UNSTORABLE = ['DataCloneError', 'RangeError'];
/** the browser refuses storage outright: no IndexedDB, blocked site data, private mode */
const REFUSED = ['MissingAPIError', 'SecurityError'];
const FAILED = [
	'UnknownError',
	'AbortError',
	'DataError',
	'ConstraintError',
	'ReadOnlyError',
	'TimeoutError',
	'NotFoundError',
	'TransactionInactiveError'
];
/** storage that is not open: blocked, or it did not open in time (db.ts), or it was closed */
const NOT_OPEN = ['DatabaseClosedError', 'OpenFailedError', 'InvalidStateError'];

/**
 * The errors inside an error: Dexie wraps the browser's (`inner`: a transaction's AbortError
 * holds the QuotaExceededError that aborted it, a DatabaseClosedError the open's failure), a
 * bulk write lists its failures, an Error may have a `cause`. Bounded: a chain from outside
 * could loop.
 */
function chain(error: unknown): { name: string; code?: number }[] {
	const found: { name: string; code?: number }[] = [];
	const queue: unknown[] = [error];
	while (queue.length > 0 && found.length < 16) {
		const node = queue.shift() as {
			name?: unknown;
			code?: unknown;
			inner?: unknown;
			cause?: unknown;
			failures?: unknown;
		} | null;
		if (!node || typeof node !== 'object') continue;
		found.push({
			name: typeof node.name === 'string' ? node.name : '',
			code: typeof node.code === 'number' ? node.code : undefined
		});
		queue.push(node.inner, node.cause);
		if (Array.isArray(node.failures)) queue.push(...node.failures.slice(0, 4));
	}
	return found;
}

/**
 * A name for why storage failed, from the error as the browser and Dexie give it. The cause
 * wins over its wrapping: a full disk reported as a transaction abort, or as a database that
 * could not open, is a full disk.
 */
export function storageProblem(error: unknown): StorageProblem {
	const errors = chain(error);
	const any = (names: string[]) => errors.some((inner) => names.includes(inner.name));
	if (errors[0]?.name === 'LogConflict') return 'conflict';
	// 22: the legacy code of QuotaExceededError, the one thing some browsers set
	if (any(QUOTA) || errors.some((inner) => inner.code === 22)) return 'quota';
	if (any(UNSTORABLE)) return 'unstorable';
	if (any(REFUSED)) return 'unavailable';
	if (any(FAILED)) return 'failed';
	if (any(NOT_OPEN)) return 'unavailable';
	return 'other';
}
