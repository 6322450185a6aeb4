import { m } from '$lib/paraglide/messages';
import {
	ends,
	keptOrPassedBy,
	skippedSeat,
	tileText,
	type DominoesAction,
	type DominoesState
} from '$lib/rules/dominoes';
import { teamLetter } from './words';

export type Tone = 'again' | 'skip' | 'normal' | 'deal';

export interface Announcement {
	readonly text: string;
	/** what happened just before, in a smaller line */
	readonly detail: string;
	readonly tone: Tone;
}

/**
 * What the table must hear after the last action: a bonus turn, a skip to the partner, the
 * next player, a deal's result. Worded from the state the rules core produced.
 */
export function announce(
	state: DominoesState,
	last: DominoesAction | undefined,
	names: readonly string[]
): Announcement | null {
	const name = (seat: number) => names[seat] ?? '';
	if (state.phase === 'start' || !last) return null;
	if (state.phase === 'count' && state.wentOut !== null) {
		return { text: m.dom_banner_out({ name: name(state.wentOut) }), detail: '', tone: 'deal' };
	}
	if (state.phase === 'over' || (state.line.length === 0 && state.deals.length > 0)) {
		const record = state.deals[state.deals.length - 1];
		const scores = {
			deal: state.deals.length,
			teamA: teamLetter(0),
			teamB: teamLetter(1),
			a: record.points[0],
			b: record.points[1]
		};
		const text =
			record.wentOut === null
				? m.dom_banner_blocked(scores)
				: m.dom_banner_domino({ ...scores, name: name(record.wentOut) });
		const detail =
			state.phase === 'over'
				? ''
				: m.dom_banner_next_deal({ name: name(state.seat), deal: state.deal });
		return { text, detail, tone: 'deal' };
	}
	switch (last.type) {
		case 'start':
			return { text: m.dom_banner_start({ name: name(state.seat) }), detail: '', tone: 'normal' };
		case 'draw':
			return {
				text: m.dom_banner_drew({ name: name(state.seat), count: state.boneyard }),
				detail: '',
				tone: 'normal'
			};
		case 'keep':
			return {
				text: m.dom_banner_kept({ name: name(keptOrPassedBy(state)), next: name(state.seat) }),
				detail: '',
				tone: 'normal'
			};
		case 'pass':
			return {
				text: m.dom_banner_passed({
					name: name(keptOrPassedBy(state)),
					count: state.passes,
					next: name(state.seat)
				}),
				detail: '',
				tone: 'normal'
			};
		case 'play': {
			const play = state.lastPlay;
			const open = ends(state);
			if (!play || !open) return null;
			const detail = m.dom_banner_played({ name: name(play.seat), tile: tileText(play.tile) });
			const next = name(state.seat);
			if (play.effect === 'again') {
				const text = m.dom_banner_again({ sum: open.sum, name: name(play.seat) });
				return { text, detail, tone: 'again' };
			}
			const passedOver = skippedSeat(state);
			if (passedOver !== null) {
				const skipped = name(passedOver);
				const text = open.identical
					? m.dom_banner_skip_equal({ number: open.left, skipped, name: next })
					: m.dom_banner_skip_sum({ skipped, name: next });
				return { text, detail, tone: 'skip' };
			}
			return { text: m.dom_banner_normal({ sum: open.sum, name: next }), detail, tone: 'normal' };
		}
		default:
			return null;
	}
}
