import {
	COLORS,
	HIGHEST_VALUE,
	LOWEST_VALUE,
	apply,
	cardKey,
	usedCards,
	type Card,
	type Color,
	type PassPassAction,
	type PassPassState
} from '$lib/rules/pass-pass';

/**
 * One card of the deck on the trick grid. `open`: the rules take it now; `on-table`: in this
 * trick; `played`: won or set aside earlier this round (docs/rulings.md, Pass Pass 5);
 * `refused`: the rules refuse it for another reason (a round's cards all entered as won): a tap
 * still asks them, and the screen words their refusal.
 */
export interface GridCard {
	readonly color: Color;
	readonly value: number;
	readonly key: string;
	/** the diamonds printed on it as this match or this device knows them; null: never seen */
	readonly diamonds: number | null;
	readonly status: 'open' | 'on-table' | 'played' | 'refused';
}

/** The 48 cards in the deck's order: colour by colour, each from 1 to 12. */
export const DECK_ORDER: readonly { color: Color; value: number }[] = COLORS.flatMap((color) =>
	Array.from({ length: HIGHEST_VALUE - LOWEST_VALUE + 1 }, (_, at) => ({
		color,
		value: LOWEST_VALUE + at
	}))
);

/**
 * The deck as the grid shows it, each card asked of the reducer: would it take this card as
 * the next play, and would every action after it (`later`, when an earlier card of the trick
 * is being changed) still follow? The diamonds never make a card legal or not, so an unknown
 * count is asked with 0.
 */
export function deckGrid(
	state: PassPassState,
	known: Readonly<Record<string, number>>,
	later: readonly PassPassAction[] = []
): GridCard[] {
	const onTable = new Set(state.trick.map((play) => cardKey(play.card)));
	const used = new Set(usedCards(state).map(cardKey));
	for (const action of later) if (action.type === 'play') onTable.add(cardKey(action.card));
	return DECK_ORDER.map(({ color, value }) => {
		const key = cardKey({ color, value });
		const diamonds = known[key] ?? null;
		const card: Card = { color, value, diamonds: diamonds ?? 0 };
		const taken = follows(state, [{ type: 'play', card }, ...later]);
		const status = taken
			? 'open'
			: onTable.has(key)
				? 'on-table'
				: used.has(key)
					? 'played'
					: 'refused';
		return { color, value, key, diamonds, status };
	});
}

/** Whether the rules accept these actions one after the other from `state`. */
function follows(state: PassPassState, actions: readonly PassPassAction[]): boolean {
	let now = state;
	for (const action of actions) {
		const step = apply(now, action);
		if (!step.ok) return false;
		now = step.value;
	}
	return true;
}

/**
 * Where each card of the current trick sits in the log, so a tap on it can change it (edit the
 * past, docs/architecture.md): the trick's plays are the log's last actions until the pick.
 * Null for a card that cannot be changed this way.
 */
export function trickIndexes(
	state: PassPassState,
	actions: readonly PassPassAction[]
): (number | null)[] {
	const first = actions.length - state.trick.length;
	return state.trick.map((play, at) => {
		const action = actions[first + at];
		return state.firstTake === null &&
			action?.type === 'play' &&
			cardKey(action.card) === cardKey(play.card)
			? first + at
			: null;
	});
}
