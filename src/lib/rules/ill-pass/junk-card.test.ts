import { describe, expect, it } from 'vitest';
import { illPass } from '.';

describe('the reducer never throws, whatever it is given', () => {
	it('I’ll Pass refuses a card whose toString is not a function (fast-check seed 1666393096)', () => {
		const state = illPass.setup({ start: 0, takerReveals: false }, 3);
		const result = illPass.apply(state, { type: 'reveal', card: { toString: 0 } } as never);
		expect(result).toEqual({
			ok: false,
			refusal: { code: 'card-out-of-range', params: { card: 'object' } }
		});
	});
});
