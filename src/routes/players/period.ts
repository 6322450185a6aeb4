import type { Period } from '$lib/db/stats';

/** A calendar year in local time, or every match when none is chosen. */
export function yearPeriod(year: number | null): Period {
	if (year === null) return {};
	return { from: new Date(year, 0, 1).getTime(), to: new Date(year + 1, 0, 1).getTime() };
}

/** The years to choose from, newest first: from the oldest match's to this one. */
export function yearsSince(first: number | null, now = Date.now()): number[] {
	const last = new Date(now).getFullYear();
	const start = first === null ? last : Math.min(new Date(first).getFullYear(), last);
	return Array.from({ length: last - start + 1 }, (_, at) => last - at);
}
