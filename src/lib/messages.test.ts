import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';

// Every message, in both languages, rendered with 0, 1, 2 and many in every numeric parameter:
// no placeholder left, no internal code, no "1 points" (a count without its plural forms), no
// French left in English, a sentence ends with its full stop in both languages.

type Text = string | { one: string; other: string };
const table: Record<string, [Text, Text]> = {};
for (const file of readdirSync('messages/src').filter((name) => name.endsWith('.json'))) {
	Object.assign(table, JSON.parse(readFileSync(`messages/src/${file}`, 'utf8')));
}

/** Parameters that hold a number (the others hold names, words or phrases). */
const NUMBERS = new Set([
	'count',
	'number',
	'index',
	'round',
	'total',
	'min',
	'max',
	'cards',
	'deal',
	'sum',
	'points',
	'a',
	'b',
	'rounds',
	'ticks',
	'won',
	'known',
	'played',
	'hand',
	'picked',
	'expected',
	'given',
	'counted',
	'trick',
	'tricks',
	'place',
	'delta',
	'seat',
	'done',
	'taken',
	'diamonds',
	'shared',
	'against',
	'hours',
	'minutes',
	'value',
	'need',
	// a blocked deal's tiles left in a hand ("cannot hold 1 tile")
	'tiles'
]);

/** 0, 1, 2 and many: French says "0 jeton, 1 jeton, 2 jetons", English "0 chips, 1 chip". */
const VALUES = [0, 1, 2, 7, 12];

const params = (text: Text) =>
	[...(typeof text === 'string' ? text : `${text.one} ${text.other}`).matchAll(/\{(\w+)\}/g)].map(
		(match) => match[1]
	);

/** Messages the same in both languages on purpose: names, symbols, words French shares. */
const SAME = new Set([
	'new_options',
	'match_total',
	// a time played reads the same: "25 minutes", "1 h 05", "Minutes" (records.json)
	'played_minutes',
	'played_hours',
	'played_minutes_field',
	'pp_total_points',
	'cl_points',
	'cl_rank_6',
	'cl_ranks_6',
	'dom_tile_label',
	'ill_score',
	// the ×2 key of a doubled face on /resolve PASS: a sign, the same in both languages
	'sp_res_cl_double',
	'ill_place',
	'pp_card',
	'pp_pad_points',
	'pp_pad_ticks',
	'pp_points_n',
	'dom_count_picked',
	// a game's name and what it is, "Pass Pass (cartes, Funnyfox)"; "Date" (record.json)
	'game_titled',
	'share_headline',
	'csv_date',
	// a player's name and score on the score pad (scorepad.json)
	'sp_score_of',
	// a club evening's table and its standings' columns: words French shares (evening.json)
	'evening_table',
	'evening_points_col',
	'evening_tables_col'
]);

/**
 * Messages whose number is never 1 where they are used (player ranges start at 2, a name's
 * limit is 30, a round has 8 tricks), or whose "1 …s" is not a count ("4, 2 and 1 points").
 */
const NEVER_ONE = new Set([
	'home_players_range',
	'new_error_count',
	'roster_refusal_long',
	'cl_mode_advanced',
	'cl_refusal_card_count',
	// "1 of 24 cards won": never a round of 1 card (French agrees with the cards won, below)
	'pp_round_cards',
	'pp_refusal_too_many',
	'pp_opt_individual_only',
	'pp_pad_points',
	// the score pad's refusals name totals past what a hand holds: 28 tiles or more left in all,
	// a PASS hand's cards outside 1 to 13 (so 0 or 14 and more)
	'sp_dom_refusal_tiles_total',
	'sp_cl_refusal_cards_range',
	// a blocked deal's tiles per team are 2 to 20; "1 of 24 cards" counts the cards of a game
	'sp_dom_log_blocked',
	'sp_ill_counted',
	// refused counts past what a round or a game holds: more than 16 cards won in a round, more
	// than the 24 cards an I'll Pass game plays
	'pp_refusal_seat_too_many',
	'sp_res_ill_too_many'
]);

/** "1 is", "1 has": a verb after the number, not a noun without its plural. */
const ONE_NOUN = /(^|[^\d.])1 (?!is\b|has\b|was\b|breaks\b|plays\b)[a-z]+s\b/;
const FRENCH_ONE_NOUN = /(^|[^\d.])[01] (?!dans\b|sur\b|sous\b|Pass\b)[a-zé]+s\b/;

/** "7 point", "12 chip": a number other than 1 before a singular noun the message counts. */
const MANY_ONE_NOUN =
	/(^|[^\d.,])(?:[02-9]|1\d) (point|chip|tick|card|tile|token|crown|match|game|round|deal|trick|Pass Pass|player)\b(?!s)/;

/** How a sentence ends: a full stop, an exclamation or question mark, an ellipsis. */
const ENDS_SENTENCE = /[.!?…]$/;

/** Messages that are sentences wherever they are shown: refusals, news, reasons, notices. */
const SENTENCES = /(^|_)(refusal|news|why|banner|verdict)_|_(saved|copied)$/;

type Render = (params: Record<string, unknown>, options: { locale: 'en' | 'fr' }) => string;
const render = (key: string, locale: 'en' | 'fr', value: number) => {
	// a plural's `count` too where the text shows the number formatted apart ("10,000")
	const args = Object.fromEntries([
		['count', value],
		...params(table[key][0]).map((name) => [name, NUMBERS.has(name) ? value : 'Ana'])
	]);
	return (m as unknown as Record<string, Render>)[key](args, { locale });
};

const keys = Object.keys(table);

describe('every message renders in English and French', () => {
	it.each(keys)('%s', (key) => {
		for (const value of VALUES) {
			for (const locale of ['en', 'fr'] as const) {
				const text = render(key, locale, value);
				expect(text, `${key} ${locale} ${value}`).toBeTypeOf('string');
				expect(text.trim().length, `${key} ${locale} is empty`).toBeGreaterThan(0);
				// nothing left for a person to decode
				expect(text, `${key} ${locale}`).not.toMatch(/\{\w+\}|undefined|NaN|Infinity/);
				expect(text, `${key} ${locale}: internal code`).not.toMatch(/\([a-z]+(-[a-z]+)+\)/);
			}
		}
		if (NEVER_ONE.has(key)) return;
		// English: "1 tick", "1 point", never "1 ticks"
		expect(render(key, 'en', 1), `${key} en: plural`).not.toMatch(ONE_NOUN);
		// French: "0 jeton", "1 point", never "1 points"
		expect(render(key, 'fr', 1), `${key} fr: plural`).not.toMatch(FRENCH_ONE_NOUN);
		expect(render(key, 'fr', 0), `${key} fr: plural`).not.toMatch(FRENCH_ONE_NOUN);
		// and many take the plural: never "7 point" nor "12 chip"
		for (const value of [2, 7, 12]) {
			expect(render(key, 'en', value), `${key} en ${value}: singular`).not.toMatch(MANY_ONE_NOUN);
		}
	});

	it.each(keys)('%s: a sentence in one language is a sentence in the other', (key) => {
		for (const value of VALUES) {
			const [en, fr] = [render(key, 'en', value), render(key, 'fr', value)];
			expect(ENDS_SENTENCE.test(fr), `${key} ${value}: "${en}" / "${fr}"`).toBe(
				ENDS_SENTENCE.test(en)
			);
		}
	});

	it.each(keys.filter((key) => SENTENCES.test(key)))(
		'%s: a refusal, a piece of news or a reason is a sentence and ends with its full stop',
		(key) => {
			for (const locale of ['en', 'fr'] as const) {
				expect(render(key, locale, 2), `${key} ${locale}`).toMatch(ENDS_SENTENCE);
			}
		}
	);

	it.each(keys.filter((key) => !SAME.has(key)))('%s is translated', (key) => {
		expect(render(key, 'fr', 2)).not.toBe(render(key, 'en', 2));
	});

	it.each(keys)('%s: French puts a narrow no-break space before ? ! : ;', (key) => {
		for (const value of [0, 1, 2]) {
			const text = render(key, 'fr', value);
			expect(text, key).not.toMatch(/[^\u202f][?!:;]|^[?!:;]/u);
		}
	});
});

describe('agreement and elision', () => {
	it('a word after a number shown apart agrees with it: "1 tile", "2 tiles"', () => {
		expect(m.dom_tiles_word({ count: 1 }, { locale: 'en' })).toBe('tile');
		expect(m.dom_tiles_word({ count: 2 }, { locale: 'en' })).toBe('tiles');
		expect(m.dom_tiles_word({ count: 0 }, { locale: 'fr' })).toBe('domino');
	});

	it('a winner line agrees with the number of winners', () => {
		expect(m.match_wins({ name: 'Ivy', count: 1 }, { locale: 'en' })).toBe('Ivy wins!');
		expect(m.match_wins({ name: 'Ana & Cleo', count: 2 }, { locale: 'en' })).toBe(
			'Ana & Cleo win!'
		);
		expect(m.match_wins({ name: 'Ana & Cleo', count: 2 }, { locale: 'fr' })).toBe(
			'Ana & Cleo gagnent\u202f!'
		);
	});

	it('French elides "de" and "que" before a vowel: "d\'Ana", "qu\'un jeton"', () => {
		expect(m.pp_card_of({ name: 'Ana' }, { locale: 'fr' })).toBe("Carte d'Ana");
		expect(m.pp_card_of({ name: 'Ben' }, { locale: 'fr' })).toBe('Carte de Ben');
		expect(m.pp_card_of({ name: 'Élodie' }, { locale: 'fr' })).toBe("Carte d'Élodie");
		const have = m.cl_token({}, { locale: 'fr' });
		expect(m.cl_refusal_tokens({ need: '2 jetons', have }, { locale: 'fr' })).toBe(
			"Coûte 2 jetons, mais le joueur n'en a qu'un jeton."
		);
		expect(m.cl_set_pair({ rank: 'as' }, { locale: 'fr' })).toBe("paire d'as");
		expect(m.cl_set_full_house({ rank: 'neuf' }, { locale: 'fr' })).toBe('full aux neuf');
	});

	it('French elides before a mute h, as names take it ("d\'Hugo"), never before "huit"', () => {
		expect(m.pp_card_of({ name: 'Hugo' }, { locale: 'fr' })).toBe("Carte d'Hugo");
		expect(m.pp_card_of({ name: 'hélène' }, { locale: 'fr' })).toBe("Carte d'hélène");
		expect(m.cl_set_pair({ rank: 'huit' }, { locale: 'fr' })).toBe('paire de huit');
	});

	it('cards won agree with their count in French: "1 carte gagnée", "2 cartes gagnées"', () => {
		const said = (count: number) =>
			m.pp_round_cards({ round: 1, rounds: 3, count, max: 24 }, { locale: 'fr' });
		expect(said(0)).toBe('Manche 1 sur 3 · 0 carte gagnée sur 24');
		expect(said(1)).toBe('Manche 1 sur 3 · 1 carte gagnée sur 24');
		expect(said(2)).toBe('Manche 1 sur 3 · 2 cartes gagnées sur 24');
	});

	it('a Pass Pass card: "Purple 12" in English, "12 violet" in French', () => {
		expect(m.pp_card_purple({ value: 12 }, { locale: 'en' })).toBe('Purple 12');
		expect(m.pp_card_purple({ value: 12 }, { locale: 'fr' })).toBe('12 violet');
		expect(m.pp_card_yellow({ value: 3 }, { locale: 'fr' })).toBe('3 jaune');
	});

	it('a count French calls "many" (a million) takes the plural, never the message\'s name', () => {
		// Intl says "many" for 1,000,000 in French; a message has "one" and "other" only
		expect(m.history_count({ count: 1_000_000 }, { locale: 'fr' })).toBe('1000000 parties');
		for (const key of keys.filter((key) => typeof table[key][1] !== 'string')) {
			expect(render(key, 'fr', 1_000_000), key).not.toContain(key);
		}
	});

	it('French punctuation keeps its sign on the line: "Jetons : 10" with a narrow no-break space', () => {
		expect(m.cl_supply({ count: 10 }, { locale: 'fr' })).toBe('Réserve\u202f: 10');
	});
});
