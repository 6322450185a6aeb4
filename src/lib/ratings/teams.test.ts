import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/registry';
import { stakes } from './rate';

// The new-match screen takes the sides from the game's own sheet for the setup (docs/ratings.md,
// "At stake"): team games rate the teams, so partners show the same stake.
describe('stakes on the sides the rules give', () => {
	const sidesOf = (game: 'dominoes' | 'pass-pass', players: number, config?: object) => {
		const rules = RULES[game];
		const setup = { ...rules.defaultConfig(players), ...config };
		return rules.sheet(rules.setup(setup, players)).sides.map((side) => [...side.seats]);
	};

	it('dominoes: partners opposite share a stake (docs/rulings.md, Pass-Pass dominoes)', () => {
		const sides = sidesOf('dominoes', 4);
		expect(sides).toEqual([
			[0, 2],
			[1, 3]
		]);
		const [a, b, c, d] = stakes(undefined, ['a', 'b', 'c', 'd'], sides);
		expect(a).toEqual(c);
		expect(b).toEqual(d);
		expect(a.win).toBeGreaterThan(0);
		expect(a.last).toBeLessThan(0);
	});

	it.each([
		[
			'2x3',
			[
				[0, 2, 4],
				[1, 3, 5]
			]
		],
		[
			'3x2',
			[
				[0, 3],
				[1, 4],
				[2, 5]
			]
		]
	] as const)(
		'Pass Pass teams %s: team-mates share a stake (docs/rulings.md, Pass Pass 11)',
		(teams, expected) => {
			const sides = sidesOf('pass-pass', 6, { teams });
			expect(sides).toEqual(expected);
			const all = stakes(undefined, ['a', 'b', 'c', 'd', 'e', 'f'], sides);
			for (const side of sides) for (const seat of side) expect(all[seat]).toEqual(all[side[0]]);
		}
	);
});
