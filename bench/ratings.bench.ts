// Ratings of 10,000 matches recomputed from the record in Node (docs/ratings.md, "How fast"; the
// record is bench/ratings-kit.ts's, bench/ratings-browser.mjs times it in Chromium). Prints the
// figures; asserts only that every game was rated, never a time.
// Run: npx vitest run --config bench/vitest.config.ts bench/ratings.bench.ts
import { describe, expect, it } from 'vitest';
import { MATCHES, timeRatings } from './ratings-kit';

describe('ratings', () => {
	it(`recomputes ${MATCHES.toLocaleString('en')} matches`, () => {
		const { median, best, stake, games } = timeRatings();
		console.log(
			`ratings (Node): ${MATCHES} matches in ${median.toFixed(0)} ms (median of 5; best ${best.toFixed(0)} ms); one table's stakes in ${stake.toFixed(2)} ms`
		);
		expect(games).toEqual(['climbing', 'dominoes', 'ill-pass', 'pass-pass']);
	});
});
