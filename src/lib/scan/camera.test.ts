import { describe, expect, it } from 'vitest';
import { cameraProblem } from './camera';

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('a camera that cannot be opened says why (docs/scan.md)', () => {
	it.each([
		['NotAllowedError', 'refused'],
		['SecurityError', 'refused'],
		['NotFoundError', 'missing'],
		['OverconstrainedError', 'missing'],
		['NotReadableError', 'missing'],
		['AbortError', 'failed'],
		['TypeError', 'failed']
	])('%s is %s', (name, problem) => {
		expect(cameraProblem(failure(name))).toBe(problem);
	});

	it('anything thrown that is not an error is a failure', () => {
		expect(cameraProblem(null)).toBe('failed');
		expect(cameraProblem('no')).toBe('failed');
	});
});
