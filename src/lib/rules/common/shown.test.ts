import { describe, expect, it } from 'vitest';
import { shown } from './result';

describe('a refusal shows what an action carried, and never throws', () => {
	it('plain values as themselves, anything else by its kind', () => {
		expect([shown(35), shown('x'), shown(true), shown(null), shown(undefined)]).toEqual([
			'35',
			'x',
			'true',
			'null',
			'undefined'
		]);
		expect([shown([1]), shown({ toString: 0 }), shown(Object.create(null))]).toEqual([
			'array',
			'object',
			'object'
		]);
	});
});
