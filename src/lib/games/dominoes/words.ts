import { m } from '$lib/paraglide/messages';
import { sideName } from '$lib/match/summary';
import {
	endChoices,
	ends,
	nextOpponent,
	teamSeats,
	type DominoesState,
	type End,
	type Tile
} from '$lib/rules/dominoes';

/** The players of a team, as the score sheet names them: "Ana and Cleo". */
export function teamName(team: number, names: readonly string[]): string {
	return sideName(teamSeats(team), names);
}

export function teamLetter(team: number): string {
	return team === 0 ? m.dom_team_a() : m.dom_team_b();
}

/**
 * A which-end button: the end, the sum it makes and what that does, as the rules core worked it
 * out by playing the tile there ("Left (2): sum 7, Ben is skipped, Dan plays").
 */
export function endChoiceText(
	state: DominoesState,
	tile: Tile,
	end: End,
	names: readonly string[]
): string {
	const choice = endChoices(state, tile).find((option) => option.end === end);
	const side = (number: number) =>
		end === 'left' ? m.dom_end_left({ number }) : m.dom_end_right({ number });
	if (!choice) {
		const open = ends(state);
		return side((end === 'left' ? open?.left : open?.right) ?? 0);
	}
	const name = (seat: number) => names[seat] ?? '';
	const effect = choice.out
		? m.dom_end_out()
		: choice.effect === 'again'
			? m.dom_end_again({ name: name(state.seat) })
			: choice.effect === 'skip'
				? m.dom_end_skip({ skipped: name(nextOpponent(state)), name: name(choice.next) })
				: m.dom_end_normal({ name: name(choice.next) });
	return m.dom_end_choice({ end: side(choice.number), sum: choice.sum, effect });
}
