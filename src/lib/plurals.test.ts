import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';

// Counts read as people say them: English "1 chip, 0 chips", French "0 jeton, 1 jeton, 2 jetons".
describe('plurals follow each language', () => {
	it('English: one is singular, zero and more are plural', () => {
		const chips = (count: number) => m.ill_chips_on_card({ count }, { locale: 'en' });
		expect([0, 1, 2].map(chips)).toEqual(['0 chips on it', '1 chip on it', '2 chips on it']);
		expect(m.history_count({ count: 1 }, { locale: 'en' })).toBe('1 match');
	});

	it('French: zero and one are singular', () => {
		const chips = (count: number) => m.ill_chips_on_card({ count }, { locale: 'fr' });
		expect([0, 1, 2].map(chips)).toEqual(['0 jeton dessus', '1 jeton dessus', '2 jetons dessus']);
		expect(m.backup_imported({ count: 1 }, { locale: 'fr' })).toBe('1 partie importée.');
	});
});
