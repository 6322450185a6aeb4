import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractLocaleFromNavigator, getLocale, setLocale } from '$lib/paraglide/runtime';

// The language runtime scripts/messages.mjs writes: the player's choice, else the browser's
// languages, else English; a choice is kept under the key src/app.html reads before the paint.

function browser(stored: string | null, languages: string[]) {
	const store = new Map<string, string>(stored ? [['PARAGLIDE_LOCALE', stored]] : []);
	const reload = vi.fn();
	vi.stubGlobal('window', { location: { reload } });
	vi.stubGlobal('localStorage', {
		getItem: (key: string) => store.get(key) ?? null,
		setItem: (key: string, value: string) => store.set(key, value)
	});
	vi.stubGlobal('navigator', { languages });
	return { store, reload };
}

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('the language spoken', () => {
	it('is English where there is no browser: prerendering and unit tests', () => {
		expect(getLocale()).toBe('en');
	});

	it("follows the browser's first language the app speaks, region or not", () => {
		browser(null, ['de-DE', 'fr-CA', 'en']);
		expect(extractLocaleFromNavigator()).toBe('fr');
		expect(getLocale()).toBe('fr');
		browser(null, ['de', 'EN-gb']);
		expect(getLocale()).toBe('en');
	});

	it('is English when the browser speaks none of its languages', () => {
		browser(null, ['de', 'it']);
		expect(extractLocaleFromNavigator()).toBeUndefined();
		expect(getLocale()).toBe('en');
	});

	it("is the player's choice over the browser's, and a stored word it does not know is ignored", () => {
		browser('en', ['fr-FR']);
		expect(getLocale()).toBe('en');
		browser('de', ['fr-FR']);
		expect(getLocale()).toBe('fr');
	});

	it('a choice is kept where src/app.html reads it, and the page reloads to redraw every text', () => {
		const { store, reload } = browser(null, ['en']);
		setLocale('fr');
		expect(store.get('PARAGLIDE_LOCALE')).toBe('fr');
		expect(getLocale()).toBe('fr');
		expect(reload).toHaveBeenCalledTimes(1);
		setLocale('fr');
		expect(reload).toHaveBeenCalledTimes(1);
	});
});
