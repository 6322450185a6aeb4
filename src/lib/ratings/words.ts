/** What the ratings say (docs/ratings.md), kept out of the .svelte files. */
import { getLocale } from '../i18n';
import { m } from '../paraglide/messages';
import { PROVISIONAL_UNTIL, START } from './scale';
import type { Stake } from './rate';

/** A rating as the player's language writes a number ("1,040", "1 040"). */
export function ratingText(rating: number): string {
	return new Intl.NumberFormat(getLocale(), { maximumFractionDigits: 0 }).format(rating);
}

/** A change with its sign, a true minus sign for a loss: "+52", "−31", "±0". */
export function changeText(change: number): string {
	const sign = change > 0 ? '+' : change < 0 ? '\u2212' : '±';
	return sign + ratingText(Math.abs(change));
}

/** "At stake: win +52 · last place −31" */
export function stakeText(stake: Stake): string {
	return m.ratings_stake({ win: changeText(stake.win), last: changeText(stake.last) });
}

export const explainText = () => m.ratings_explain({ start: ratingText(START) });
export const provisionalText = () => m.ratings_provisional_note({ count: PROVISIONAL_UNTIL });
