import { describe, expect, it } from 'vitest';
import type { GameStats } from '$lib/db/stats';
import { matchCount, rosterRefusal, statRows } from './words';

const stats = (over: Partial<GameStats>): GameStats => ({
	game: 'ill-pass',
	played: 0,
	unfinished: 0,
	abandoned: 0,
	won: 0,
	shared: 0,
	wonHow: {},
	winRate: null,
	averageScore: null,
	bestScore: null,
	lowerWins: null,
	feats: [],
	...over
});

const table = (rows: { label: string; value: string }[]) =>
	Object.fromEntries(rows.map((row) => [row.label, row.value]));

describe("a game's statistics in words", () => {
	it('names each figure, the direction of the best score and the feats', () => {
		const rows = statRows(
			stats({
				played: 3,
				won: 2,
				shared: 1,
				winRate: 2 / 3,
				averageScore: 55 / 3,
				bestScore: -8,
				lowerWins: true,
				unfinished: 1,
				feats: [{ id: 'longest-run', aggregate: 'max', value: 8, matches: 2 }]
			})
		);
		expect(table(rows)).toEqual({
			'Finished matches': '3',
			Won: '2 (1 shared)',
			'Win rate': '67%',
			'Average score': '18.3',
			'Best score (lowest)': '-8',
			'Longest run': '8 (known for 2 of 3)',
			'Unfinished matches': '1'
		});
	});

	it('only unfinished matches: nothing else to say', () => {
		expect(statRows(stats({ game: 'climbing', unfinished: 2 }))).toEqual([
			{ label: 'Unfinished matches', value: '2' }
		]);
	});

	it('abandoned matches are said apart, never as unfinished', () => {
		expect(statRows(stats({ game: 'climbing', abandoned: 1 }))).toEqual([
			{ label: 'Unfinished matches', value: '0' },
			{ label: 'Abandoned matches', value: '1' }
		]);
		const rows = table(statRows(stats({ played: 1, won: 1, winRate: 1, abandoned: 2 })));
		expect(rows['Abandoned matches']).toBe('2');
		expect(rows['Finished matches']).toBe('1');
		expect(rows).not.toHaveProperty('Unfinished matches');
	});

	it('counts matches in the singular and plural', () => {
		expect([0, 1, 2].map(matchCount)).toEqual(['No match', '1 match', '2 matches']);
	});

	it('says why a merge was refused, counting the shared tables', () => {
		const shared = (matches: number) =>
			rosterRefusal({ code: 'shared-table', params: { matches, name: 'Ben' } }, 'Anna');
		expect(shared(1)).toBe(
			'Ben and Anna played at the same table in 1 match: they are two people, so they cannot be merged.'
		);
		expect(shared(3)).toContain('in 3 matches:');
	});
});

describe('how the wins came', () => {
	it('Pass Pass: a win by a third Pass Pass told apart from wins on points, in both languages', () => {
		const rows = table(
			statRows(
				stats({
					game: 'pass-pass',
					played: 4,
					won: 3,
					winRate: 3 / 4,
					wonHow: { 'third-tick': 1, points: 2 }
				})
			)
		);
		expect(rows['How the wins came']).toBe(
			'a third Pass Pass tick: 1, most points after three rounds: 2'
		);
	});

	it("I'll Pass, won one way only: nothing more said", () => {
		const rows = table(statRows(stats({ played: 2, won: 1, wonHow: { 'lowest-score': 1 } })));
		expect(rows['How the wins came']).toBeUndefined();
	});
});
