import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { augmentLabel } from '$lib/games/climbing/words';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';

// Words the table reads: who does what, in the rulebooks' terms and docs/rulings.md's, in both
// languages.

const fr = { locale: 'fr' } as const;

describe('the rulebooks’ words, in French as in English', () => {
	it('PASS is a climbing game ("jeu de défausse"), not "cartes à grimper"', () => {
		expect(m.game_kind_climbing({}, fr)).toBe('jeu de défausse avec jetons');
	});

	it('at the dominoes, a player plays again or is skipped, not an end (docs/rulings.md, Pass-Pass 3, 4)', () => {
		expect(m.game_dominoes_blurb({}, fr)).toBe(
			"Dominos par équipes\u202f: des bouts à 5 ou 10 font rejouer, 7 ou des bouts égaux font sauter l'adversaire suivant."
		);
		expect(m.game_dominoes_blurb({}, { locale: 'en' })).toBe(
			'Dominoes in pairs: ends of 5 or 10 play again, 7 or equal ends skip the next opponent.'
		);
	});

	it('the house rule: the player who went out starts, not a team (docs/rulings.md, Pass-Pass 8)', () => {
		expect(m.dom_option_winner_starts({}, fr)).toMatch(/^Règle maison\u202f: le joueur qui a /);
		expect(m.dom_option_winner_starts({}, { locale: 'en' })).toMatch(/the player who went out/);
	});

	it('a deal won: the player went out ("fait domino"), never "domino by Ann"', () => {
		const scores = { deal: 1, name: 'Ann', teamA: 'Team A', a: 0, teamB: 'Team B', b: 12 };
		expect(m.dom_banner_domino(scores, { locale: 'en' })).toBe(
			'Deal 1: Ann went out. Team A 0, Team B 12.'
		);
		expect(m.dom_banner_domino({ ...scores, teamA: 'Équipe A', teamB: 'Équipe B' }, fr)).toBe(
			'Donne 1\u202f: Ann a fait domino. Équipe A 0, Équipe B 12.'
		);
	});

	it('PASS: the augment’s price is counted like the upgrade’s beside it ("1 jeton")', () => {
		overwriteGetLocale(() => 'fr');
		try {
			expect(m.cl_upgrade()).toBe('Amélioration\u202f: 1 jeton');
			expect(augmentLabel(1)).toBe('Surenchère\u202f: 1 jeton');
			expect(augmentLabel(2)).toBe('Surenchère\u202f: 2 jetons');
		} finally {
			overwriteGetLocale(() => baseLocale);
		}
		expect(augmentLabel(1)).toBe('Augment: 1 token');
	});
});
