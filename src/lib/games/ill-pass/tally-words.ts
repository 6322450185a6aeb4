import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';
import { finalScore, type IllPassAction, type IllPassState } from '$lib/rules/ill-pass';

/** Why a score-pad entry cannot be the game's end, or a hand asked about cannot be (the rules' tally refusals), in words. */
export function tallyRefusal(refusal: Refusal, names: readonly string[]): string {
	const params = refusal.params ?? {};
	switch (refusal.code) {
		case 'tally-card-twice':
			return m.sp_ill_refusal_twice({ card: String(params.card) });
		case 'tally-card-taken':
			return m.sp_ill_refusal_taken({
				name: names[Number(params.seat)] ?? '',
				card: String(params.card)
			});
		case 'tally-card-count':
			return m.sp_ill_refusal_count({ count: Number(params.count) });
		case 'chips-out-of-range': {
			const range = {
				chips: String(params.chips),
				min: Number(params.min),
				max: Number(params.max)
			};
			// a hand asked about outside a match (/resolve) has no seat
			return params.seat === undefined
				? m.sp_res_ill_chips_range(range)
				: m.sp_ill_refusal_chips_range({ ...range, name: names[Number(params.seat)] ?? '' });
		}
		case 'hand-too-many-cards':
			return m.sp_res_ill_too_many({ count: Number(params.count), max: Number(params.max) });
		default:
			return m.sp_ill_refusal_chips({
				count: Number(params.count),
				expected: Number(params.expected)
			});
	}
}

/** The log's line for a game entered on the score pad: each player's final score. */
export function describeTally(
	act: Extract<IllPassAction, { type: 'tally' }>,
	_state: IllPassState,
	names: readonly string[]
): string {
	// the rules' own score; a malformed entry (never logged) is worded without one
	const score = (cards: readonly number[], chips: number) => {
		try {
			return String(finalScore([...cards], chips));
		} catch {
			return '?';
		}
	};
	const scores = act.hands
		.map((hand, seat) =>
			m.sp_score_of({ name: names[seat] ?? '', score: score(hand.cards, hand.chips) })
		)
		.join(', ');
	return m.sp_ill_log_tally({ scores });
}
