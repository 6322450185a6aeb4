import { describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { sideName } from './summary';

describe("sideName: a team's players joined as the language joins names", () => {
	it('French: "Léa, Inès et Manon"; English: "Ana and Cleo", never "Léa & Inès & Manon"', () => {
		overwriteGetLocale(() => 'fr');
		try {
			expect(sideName([0, 1, 2], ['Léa', 'Inès', 'Manon'])).toBe('Léa, Inès et Manon');
		} finally {
			overwriteGetLocale(() => baseLocale);
		}
		expect(sideName([0, 2], ['Ana', 'Ben', 'Cleo'])).toBe('Ana and Cleo');
		expect(sideName([1], ['Ana', 'Ben'])).toBe('Ben');
	});
});
