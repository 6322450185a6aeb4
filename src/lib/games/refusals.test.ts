import { afterAll, describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { getLocale, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import * as climbingRules from '$lib/rules/climbing';
import * as dominoesRules from '$lib/rules/dominoes';
import * as illPassRules from '$lib/rules/ill-pass';
import * as passPassRules from '$lib/rules/pass-pass';
import type { GameUi } from './types';
import { ui as climbing } from './climbing/ui';
import { ui as dominoes } from './dominoes/ui';
import { ui as illPass } from './ill-pass/ui';
import { ui as passPass } from './pass-pass/ui';

// Every refusal code a game's rules can give (its REFUSALS, and CONFIG_REFUSALS for a setup a
// backup brings) has its own words in English and French: none falls back to "Not allowed
// here.", none shows its code or a missing parameter.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'];

/** Parameters as each game's rules give them, so the sentence is whole. */
const GAMES: [string, GameUi, readonly string[], Record<string, string | number>][] = [
	[
		"I'll Pass",
		illPass as GameUi,
		[...illPassRules.REFUSALS, ...illPassRules.CONFIG_REFUSALS],
		{ card: 17, seat: 1, min: 3, max: 5, count: 23, expected: 44, chips: 70 }
	],
	[
		'Pass Pass',
		passPass as GameUi,
		[...passPassRules.REFUSALS, ...passPassRules.CONFIG_REFUSALS],
		{ card: 'purple-10', seat: 1, phase: 'play', team: 1, min: 3, max: 6, players: 4, count: 17 }
	],
	[
		'Pass-Pass',
		dominoes as GameUi,
		[...dominoesRules.REFUSALS, ...dominoesRules.CONFIG_REFUSALS],
		{
			...{ seat: 1, tile: '3-5', number: 3, left: 3, right: 5, end: 'left', boneyard: 4 },
			...{
				expected: 3,
				given: 2,
				total: 12,
				counted: 10,
				min: 4,
				max: 4,
				team: 1,
				tiles: 1,
				deal: 2
			}
		}
	],
	[
		'PASS',
		climbing as GameUi,
		[...climbingRules.REFUSALS, ...climbingRules.CONFIG_REFUSALS],
		{
			...{ seat: 1, turn: 2, values: '9 9', cards: 3, min: 2, max: 5, hand: 2 },
			...{ type: 'pair', rank: '9', need: 2, have: 1 }
		}
	]
];

const rows = GAMES.flatMap(([game, ui, codes, params]) =>
	codes.map((code) => ({ game, ui, code, params }))
);
const original = getLocale;
afterAll(() => overwriteGetLocale(original));

describe('every refusal of every game is worded in both languages', () => {
	it.each(rows)('$game: $code', ({ ui, code, params }) => {
		for (const locale of ['en', 'fr'] as Locale[]) {
			overwriteGetLocale(() => locale);
			const text = ui.refusal({ code, params }, NAMES);
			expect(text, locale).not.toBe(m.refusal_generic({}, { locale }));
			expect(text.trim().length, locale).toBeGreaterThan(0);
			expect(text, `${locale}: a placeholder or a missing value`).not.toMatch(
				/\{\w+\}|undefined|NaN|null/
			);
			expect(text, `${locale}: the internal code`).not.toContain(code);
		}
	});

	it('a code no game knows (a newer Passpad) still gets words, never the code', () => {
		overwriteGetLocale(() => 'fr');
		expect(illPass.refusal({ code: 'future-rule' }, NAMES)).toBe(m.refusal_generic());
		expect(illPass.refusal({ code: 'future-rule' }, NAMES)).not.toContain('future');
	});
});
