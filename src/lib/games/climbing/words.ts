import { m } from '$lib/paraglide/messages';
import type { PlayedSet, Rank, SetType } from '$lib/rules/climbing';

/** A rank in words: "nine" / "neuf", or "nines" / "neuf" for sets of several. */
function rankWord(rank: Rank, many: boolean): string {
	switch (rank) {
		case '2':
			return many ? m.cl_ranks_2() : m.cl_rank_2();
		case '3':
			return many ? m.cl_ranks_3() : m.cl_rank_3();
		case '4':
			return many ? m.cl_ranks_4() : m.cl_rank_4();
		case '5':
			return many ? m.cl_ranks_5() : m.cl_rank_5();
		case '6':
			return many ? m.cl_ranks_6() : m.cl_rank_6();
		case '7':
			return many ? m.cl_ranks_7() : m.cl_rank_7();
		case '8':
			return many ? m.cl_ranks_8() : m.cl_rank_8();
		case '9':
			return many ? m.cl_ranks_9() : m.cl_rank_9();
		case '10':
			return many ? m.cl_ranks_10() : m.cl_rank_10();
		case 'J':
			return many ? m.cl_ranks_j() : m.cl_rank_j();
		case 'Q':
			return many ? m.cl_ranks_q() : m.cl_rank_q();
		case 'K':
			return many ? m.cl_ranks_k() : m.cl_rank_k();
		case 'A':
			return many ? m.cl_ranks_a() : m.cl_rank_a();
	}
}

/** A set's name as players say it: "full house, nines" / "full, neuf". */
export function setText(set: { type: SetType | string; rank: Rank | string }): string {
	const rank = set.rank as Rank;
	switch (set.type as SetType) {
		case 'plain':
			return m.cl_set_plain({ rank: rankWord(rank, false) });
		case 'pair':
			return m.cl_set_pair({ rank: rankWord(rank, true) });
		case 'three':
			return m.cl_set_three({ rank: rankWord(rank, true) });
		case 'straight':
			return m.cl_set_straight({ rank: rankWord(rank, false) });
		case 'fullHouse':
			return m.cl_set_full_house({ rank: rankWord(rank, true) });
		case 'four':
			return m.cl_set_four({ rank: rankWord(rank, true) });
		case 'trump':
			return m.cl_set_trump({ rank: rankWord(rank, true) });
		default:
			return `${set.type} ${set.rank}`;
	}
}

/** The same name from a phrase (the rules core's `setName`: code `set-<type>`, param `rank`). */
export function phraseText(phrase: { code: string; params?: Readonly<Record<string, unknown>> }) {
	return setText({ type: phrase.code.replace(/^set-/, ''), rank: String(phrase.params?.rank) });
}

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const cardsText = (count: number): string =>
	count === 1 ? m.cl_card() : m.cl_cards({ count });

export const tokensText = (count: number): string =>
	count === 1 ? m.cl_token() : m.cl_tokens_n({ count });

/** The augment's toggle, counted as the upgrade's beside it: "Surenchère : 1 jeton". */
export const augmentLabel = (price: number): string =>
	m.cl_augment({ price: m.cl_tokens_n({ count: price }) });

export const pointsText = (name: string, points: number): string =>
	m.cl_points_to({ name, count: points });

/** Why a set does not beat the table, worded for what the table holds. */
export function notBeatText(table: PlayedSet): string {
	const text = setText(table);
	if (table.type === 'trump') return m.cl_refusal_not_beat_trump({ table: text });
	if (table.type === 'four') return m.cl_refusal_not_beat_four({ table: text });
	return m.cl_refusal_not_beat({ table: text });
}
