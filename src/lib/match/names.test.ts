import { describe, expect, it } from 'vitest';
import { isolate, unisolate } from './names';

describe('names on screen: isolated when they could turn the text around them', () => {
	it.each(['Ana', 'Chloé', 'Łukasz', '王芳', '7 & 8', '=HYPERLINK("x")'])(
		'%j cannot change direction: shown as typed',
		(name) => expect(isolate(name)).toBe(name)
	);

	it.each(['\u202eAna', 'Ana\u202b', 'שרה', 'سارة', 'A\u200f', 'x\u2066'])(
		'%j can: wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, and unwrapped for files',
		(name) => {
			expect(isolate(name)).toBe(`\u2068${name}\u2069`);
			expect(unisolate(isolate(name))).toBe(name);
		}
	);
});
