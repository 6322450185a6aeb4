import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { problemText } from '$lib/match/problems';
import { summarize } from './summary';
import { RULES } from '../rules/registry';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { readBackup } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { LogConflict, storageProblem, type StorageProblem } from './errors';
import { appendAction } from './log';
import { createMatch } from './matches';

const dom = (name: string, message = '') => new DOMException(message, name);

describe('storageProblem names the cause, whatever wraps it', () => {
	const shapes: [string, unknown, StorageProblem][] = [
		// Firefox: the write request itself fails, Dexie maps it to its own class
		['a QuotaExceededError', dom('QuotaExceededError'), 'quota'],
		[
			'Dexie.QuotaExceededError',
			new Dexie.QuotaExceededError('full', dom('QuotaExceededError')),
			'quota'
		],
		// Chromium: the writes succeed, the commit fails: the transaction aborts
		[
			'Dexie.AbortError with inner QuotaExceededError',
			new Dexie.AbortError(dom('QuotaExceededError')),
			'quota'
		],
		// a full disk while opening: Dexie wraps the open's failure, then every later use's
		[
			'DatabaseClosedError > OpenFailedError > QuotaExceededError',
			new Dexie.DatabaseClosedError(new Dexie.OpenFailedError(dom('QuotaExceededError'))),
			'quota'
		],
		[
			'a bulk write whose failures are quota errors',
			new Dexie.BulkError('bulkAdd failed', { 0: dom('QuotaExceededError') }),
			'quota'
		],
		['the legacy code 22 only', Object.assign(new Error('full'), { code: 22 }), 'quota'],
		['Firefox legacy name', { name: 'NS_ERROR_DOM_QUOTA_REACHED' }, 'quota'],
		[
			'an error whose cause is the quota',
			new Error('x', { cause: dom('QuotaExceededError') }),
			'quota'
		],
		['no IndexedDB', new Dexie.MissingAPIError('no indexedDB'), 'unavailable'],
		['site data blocked', dom('SecurityError'), 'unavailable'],
		['closed: blocked, or not opened in time', new Dexie.DatabaseClosedError(), 'unavailable'],
		['opened by another version', dom('InvalidStateError'), 'unavailable'],
		['a browser or disk error', dom('UnknownError', 'Internal error committing'), 'failed'],
		[
			'an open that failed on a disk error',
			new Dexie.OpenFailedError(dom('UnknownError')),
			'failed'
		],
		['an abort with no cause given', new Dexie.AbortError(), 'failed'],
		['a value the browser cannot clone', dom('DataCloneError'), 'unstorable'],
		['a value too deep to clone', new RangeError('Maximum call stack size exceeded'), 'unstorable'],
		['another tab first', new LogConflict('m', 1, 2), 'conflict'],
		['nothing said', new Error('?'), 'other'],
		['not even an error', undefined, 'other']
	];
	it.each(shapes)('%s', (_, error, problem) => expect(storageProblem(error)).toBe(problem));

	it('a chain that loops back on itself is still answered', () => {
		const loop: { name: string; inner?: unknown } = { name: 'AbortError' };
		loop.inner = loop;
		expect(storageProblem(loop)).toBe('failed');
	});
});

describe('every cause has its own words, in English and in French', () => {
	const problems: StorageProblem[] = [
		'quota',
		'unavailable',
		'conflict',
		'failed',
		'unstorable',
		'other'
	];
	it.each(['en', 'fr'] as const)('%s', (locale) => {
		overwriteGetLocale(() => locale);
		const texts = problems.map(problemText);
		expect(new Set(texts).size).toBe(problems.length);
		expect(problemText('quota')).toBe(
			locale === 'en'
				? 'the device is out of storage space.'
				: "l'appareil n'a plus d'espace de stockage."
		);
		overwriteGetLocale(() => 'en');
	});
});

/**
 * Chromium's full disk, in fake-indexeddb: every request of a read-write transaction succeeds,
 * then the commit fails and the transaction aborts with a QuotaExceededError (what Chromium
 * does when the quota is passed: measured with DevTools' Storage.overrideQuotaForOrigin).
 */
function fullDiskAtCommit() {
	// fake-indexeddb/auto makes its FDBTransaction the global IDBTransaction
	const proto = IDBTransaction.prototype as unknown as {
		_start(): void;
		_abort(name: string): void;
		_requests: { request: { readyState: string } }[];
		_state: string;
		mode: string;
	};
	const start = proto._start;
	proto._start = function (this: typeof proto) {
		const pending = this._requests.some((entry) => entry.request.readyState !== 'done');
		if (!pending && this.mode === 'readwrite' && this._state !== 'finished') {
			return this._abort('QuotaExceededError');
		}
		return start.call(this);
	};
	return () => (proto._start = start);
}

describe('a full disk reported as a transaction abort: an action, a new match, an import', () => {
	let restore = () => {};
	beforeEach(async () => {
		const db = new PasspadDb(`errors-${crypto.randomUUID()}`);
		useDatabase(db);
		await db.open();
	});
	afterEach(() => restore());

	const failure = (promise: Promise<unknown>) =>
		promise.then(
			() => null,
			(error: unknown) => error
		);

	it('a new match', async () => {
		restore = fullDiskAtCommit();
		const error = await failure(
			createMatch({
				game: 'ill-pass',
				config: { start: 0, takerReveals: false },
				names: ['Ana', 'Ben', 'Cleo']
			})
		);
		expect(error).toMatchObject({ name: 'AbortError', inner: { name: 'QuotaExceededError' } });
		expect(storageProblem(error)).toBe('quota');
	});

	it('an action', async () => {
		const config = { start: 0, takerReveals: false };
		const match = await createMatch({ game: 'ill-pass', config, names: ['Ana', 'Ben', 'Cleo'] });
		const game = RULES['ill-pass'];
		const action = { type: 'reveal', card: 17 };
		const state = (game.apply(game.setup(config, 3), action as never) as { value: unknown }).value;
		restore = fullDiskAtCommit();
		const error = await failure(appendAction(match.id, 0, action, summarize(game, state)));
		expect(error).not.toBeNull();
		expect(storageProblem(error)).toBe('quota');
	});

	it('an import', async () => {
		const config = { start: 0, takerReveals: false };
		await createMatch({ game: 'ill-pass', config, names: ['Ana', 'Ben', 'Cleo'] });
		const file = readBackup(JSON.stringify(await exportAll('test')));
		useDatabase(new PasspadDb(`errors-${crypto.randomUUID()}`));
		restore = fullDiskAtCommit();
		const error = await failure(importBackup(file));
		expect(error).not.toBeNull();
		expect(storageProblem(error)).toBe('quota');
	});
});
