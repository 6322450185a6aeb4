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

/** A name for why storage failed, for the screen: quota, unavailable (private mode), other. */
export function storageProblem(error: unknown): 'quota' | 'unavailable' | 'conflict' | 'other' {
	const name = (error as { name?: string })?.name ?? '';
	const inner = (error as { inner?: { name?: string } })?.inner?.name ?? '';
	if (name === 'LogConflict') return 'conflict';
	if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') return 'quota';
	if (
		[
			'MissingAPIError',
			'OpenFailedError',
			'DatabaseClosedError',
			'InvalidStateError',
			'SecurityError',
			'UnknownError'
		].includes(name)
	)
		return 'unavailable';
	return 'other';
}
