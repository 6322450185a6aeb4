import { m } from '$lib/paraglide/messages';
import { sideName } from '$lib/match/summary';
import {
	endChoices,
	ends,
	lineEnds,
	nextOpponent,
	teamSeats,
	type DominoesState,
	type Effect,
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
	return m.dom_end_choice({
		end: side(choice.number),
		sum: choice.sum,
		effect: effectText(state, choice, names)
	});
}

/** What a tile played by the seat to act in `before` does, as the reducer worked it out. */
function effectText(
	before: DominoesState,
	play: { readonly effect: Effect; readonly out: boolean; readonly next: number },
	names: readonly string[]
): string {
	const name = (seat: number) => names[seat] ?? '';
	if (play.out) return m.dom_end_out();
	if (play.effect === 'again') return m.dom_end_again({ name: name(before.seat) });
	if (play.effect === 'skip')
		return m.dom_end_skip({ skipped: name(nextOpponent(before)), name: name(play.next) });
	return m.dom_end_normal({ name: name(play.next) });
}

/**
 * The deal's first tile, as the reducer played it on the empty line `before` (docs/rulings.md,
 * Pass-Pass 1: a lone tile counts its two halves once each): "First tile: sum 10, Player 1 plays again".
 */
export function firstTileText(
	before: DominoesState,
	after: DominoesState,
	names: readonly string[]
): string {
	const play = {
		effect: after.lastPlay?.effect ?? 'normal',
		out: after.phase === 'count',
		next: after.seat
	};
	return m.sp_res_dom_first_choice({
		sum: lineEnds(after.line)?.sum ?? 0,
		effect: effectText(before, play, names)
	});
}
