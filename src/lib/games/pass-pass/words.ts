import { m } from '$lib/paraglide/messages';
import {
	ROUNDS,
	TRICKS,
	WON_PER_ROUND,
	type Color,
	type ColorGroup,
	type PassPassState,
	type TrickExplanation
} from '$lib/rules/pass-pass';

/** Where this device keeps each card's diamonds: { 'purple-10': 2, ... } (settings table). */
export const DIAMONDS_KEY = 'pass-pass:diamonds';

/** Colour names in the player's language: colour is never shown by hue alone. */
export function colorName(color: Color | string): string {
	switch (color) {
		case 'purple':
			return m.pp_purple();
		case 'blue':
			return m.pp_blue();
		case 'green':
			return m.pp_green();
		case 'yellow':
			return m.pp_yellow();
		default:
			return String(color);
	}
}

/**
 * A card as the table says it: "Purple 12" in English, "12 violet" in French (the number
 * first, the colour after it in lower case, as French names a card).
 */
export function cardName(card: { color: Color | string; value: number | string }): string {
	const { value } = card;
	switch (card.color) {
		case 'purple':
			return m.pp_card_purple({ value });
		case 'blue':
			return m.pp_card_blue({ value });
		case 'green':
			return m.pp_card_green({ value });
		case 'yellow':
			return m.pp_card_yellow({ value });
		default:
			return m.pp_card({ color: colorName(card.color), value });
	}
}

/** A card named from its key ('purple-10'), as refusals carry it. */
export function keyName(key: string | number | undefined): string {
	const text = String(key ?? '');
	const at = text.lastIndexOf('-');
	return at < 0 ? text : cardName({ color: text.slice(0, at), value: text.slice(at + 1) });
}

export function cardsName(cards: readonly { color: Color; value: number }[]): string {
	return cards.map(cardName).join(' + ');
}

/** Why a colour group ranks above the next one (docs/rulings.md, Pass Pass 1), or null for the last group. */
export function rankWhy(group: ColorGroup, next: ColorGroup | undefined): string | null {
	if (!next || !group.why) return null;
	const other = colorName(next.color);
	switch (group.why) {
		case 'total':
			return m.pp_rank_total({ other, total: next.total });
		case 'highest-card':
			return m.pp_rank_highest({ other, value: next.plays[0].card.value });
		default:
			return m.pp_rank_earlier({ other });
	}
}

/** Why the top group is on top and who the two winners are, in words (docs/rulings.md, Pass Pass 1-3). */
export function winnerWhy(explained: TrickExplanation, names: readonly string[]) {
	const [top, next] = explained.groups;
	const color = colorName(top.color);
	const high = top.plays[0].card;
	let group: string;
	switch (explained.firstWhy) {
		case 'only-color':
			group = m.pp_why_only({ color });
			break;
		case 'total':
			group = m.pp_why_total({ color, total: top.total, other: colorName(next.color) });
			break;
		case 'highest-card':
			group = m.pp_why_highest({
				color,
				other: colorName(next.color),
				total: top.total,
				value: high.value,
				against: next.plays[0].card.value
			});
			break;
		default:
			group = m.pp_why_earlier({
				color,
				other: colorName(next.color),
				total: top.total,
				value: high.value
			});
	}
	const first = m.pp_why_first({ name: names[explained.first] ?? '', card: cardName(high) });
	const secondPlay =
		explained.secondWhy === 'second-card' ? top.plays[1] : (next?.plays[0] ?? top.plays[0]);
	const second =
		explained.secondWhy === 'second-card'
			? m.pp_why_second_card({
					name: names[secondPlay.player] ?? '',
					card: cardName(secondPlay.card)
				})
			: m.pp_why_next_group({
					name: names[secondPlay.player] ?? '',
					card: cardName(secondPlay.card)
				});
	return { group, first, second };
}

/**
 * Where the table is in the match, above the panel: the round and its trick, or the cards won
 * so far; once the round is over (the teams pick), no trick is under way, so none is named.
 */
export function whereWords(state: PassPassState, mode: 'tricks' | 'won'): string {
	const round = state.rounds[state.rounds.length - 1];
	const at = { round: state.rounds.length, rounds: ROUNDS };
	if (round.ended) return m.pp_round_ended_where(at);
	if (mode === 'tricks') {
		return m.pp_round_trick({ ...at, trick: Math.min(round.tricks + 1, TRICKS), tricks: TRICKS });
	}
	const won = round.won.reduce((sum, cards) => sum + cards.length, 0);
	return m.pp_round_cards({ ...at, count: won, max: WON_PER_ROUND });
}
