/**
 * Dates and times follow the device's region, whatever language the app speaks: an en-GB phone
 * reads 22/11/2026 with the app in French or English. They are written in figures only, so a
 * date never mixes a month's name in one language into a sentence in the other.
 */

/** The device's region: its first preferred language (navigator.languages), else the runtime's. */
export function deviceRegion(): string | undefined {
	if (typeof navigator === 'undefined' || !navigator) return undefined;
	return navigator.languages?.[0] ?? navigator.language ?? undefined;
}

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function format(time: number, options: Intl.DateTimeFormatOptions): string {
	let region = deviceRegion();
	try {
		return new Intl.DateTimeFormat(region, options).format(time);
	} catch {
		region = undefined; // a tag the runtime does not know: its own default
		return new Intl.DateTimeFormat(region, options).format(time);
	}
}

/** A day, as the device writes it: 22/11/2026 (en-GB, fr), 11/22/2026 (en-US), 22.11.2026 (de). */
export function deviceDate(time: number): string {
	return format(time, DAY);
}

/** A day and a time, as the device writes them: 22/11/2026, 16:20 (en-GB). */
export function deviceDateTime(time: number): string {
	return format(time, { ...DAY, ...TIME });
}

/**
 * A day for a file's name (passpad-climbing-2026-11-22.csv): year first so files sort by date,
 * and the day on the device's calendar, never UTC's (toISOString gives the day before for a
 * match started at 00:30 in Paris).
 */
export function fileDay(time: number): string {
	const date = new Date(time);
	const two = (value: number) => String(value).padStart(2, '0');
	return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
