import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { formatDate } from '$lib/i18n';
import { deviceDate, deviceDateTime, fileDay } from './dates';

/** 22 November 2026, 16:20, on the device's clock. */
const time = new Date(2026, 10, 22, 16, 20).getTime();
/** ICU puts a narrow no-break space before AM/PM: compared as a plain space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function device(...languages: string[]) {
	vi.stubGlobal('navigator', { languages, language: languages[0] });
}

afterEach(() => {
	vi.unstubAllGlobals();
	overwriteGetLocale(() => baseLocale);
});

describe('dates follow the device, not the language of the app', () => {
	it.each([
		['en-GB', '22/11/2026', '22/11/2026, 16:20'],
		['en-US', '11/22/2026', '11/22/2026, 4:20 PM'],
		['fr-FR', '22/11/2026', '22/11/2026 16:20'],
		['de-DE', '22.11.2026', '22.11.2026, 16:20']
	])('a %s phone reads %s', (region, day, when) => {
		device(region, 'en');
		expect(deviceDate(time)).toBe(day);
		expect(plain(deviceDateTime(time))).toBe(when);
	});

	it('an en-GB phone with the app in French: numbers in the order of the region, no English month', () => {
		overwriteGetLocale(() => 'fr');
		device('en-GB');
		// the history and the home page's "last played" go through formatDate
		expect(formatDate(time)).toBe('22/11/2026, 16:20');
		expect(deviceDate(time)).toBe('22/11/2026');
	});

	it('a US phone with the app in French still reads month first', () => {
		overwriteGetLocale(() => 'fr');
		device('en-US', 'fr-FR');
		expect(plain(formatDate(time))).toBe('11/22/2026, 4:20 PM');
	});

	it('without navigator (prerendering) the runtime default is used, never a throw', () => {
		vi.stubGlobal('navigator', undefined);
		expect(deviceDate(time)).toMatch(/2026/);
	});

	it('a file name carries the day on the device’s calendar, year first (never the UTC day)', () => {
		const zone = process.env.TZ;
		try {
			// Paris: 00:30 on the 22nd is still the 21st in UTC
			process.env.TZ = 'Europe/Paris';
			expect(fileDay(new Date(2026, 10, 22, 0, 30).getTime())).toBe('2026-11-22');
			expect(new Date(2026, 10, 22, 0, 30).toISOString().slice(0, 10)).toBe('2026-11-21');
			expect(fileDay(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
		} finally {
			if (zone === undefined) delete process.env.TZ;
			else process.env.TZ = zone;
		}
	});
});
