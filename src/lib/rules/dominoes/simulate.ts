import fc from 'fast-check';
import { tileKey } from './line';
import { allTiles, dominoes, endsFor } from './index';
import type { DominoesAction, DominoesState, Tile } from './types';

/** A random legal match: 7 shuffled sets, the lots, and a stream of choices. */
export const matchInput = fc.record({
	houseRuleWinnerStarts: fc.boolean(),
	start: fc.nat(3),
	deals: fc.array(fc.shuffledSubarray(allTiles(), { minLength: 28, maxLength: 28 }), {
		minLength: 7,
		maxLength: 7
	}),
	choices: fc.array(fc.nat(), { minLength: 50, maxLength: 50 }),
	typeTotals: fc.boolean()
});
export type Input = typeof matchInput extends fc.Arbitrary<infer T> ? T : never;

/** The table as it really is, hidden from the app: every hand and the boneyard. */
export interface Table {
	hands: Tile[][];
	boneyard: Tile[];
}
export interface Step {
	before: DominoesState;
	action: DominoesAction;
	after: DominoesState;
	table: Table;
}

/**
 * Plays a real match with hidden hands: a player plays a matching tile when they hold one,
 * else draws (and plays the drawn tile if it fits, else keeps it), else passes.
 */
export function legalMatch(input: Input) {
	const config = { houseRuleWinnerStarts: input.houseRuleWinnerStarts };
	let state = dominoes.setup(config, 4);
	const actions: DominoesAction[] = [];
	const states: DominoesState[] = [state];
	const steps: Step[] = [];
	const tables: Table[] = [];
	let choice = 0;
	const pick = (n: number) => input.choices[choice++ % input.choices.length] % n;
	let table: Table = { hands: [], boneyard: [] };
	const act = (action: DominoesAction) => {
		const result = dominoes.apply(state, action);
		if (!result.ok) throw new Error(`${result.refusal.code} ${JSON.stringify(result.refusal)}`);
		const copy = { hands: table.hands.map((hand) => [...hand]), boneyard: [...table.boneyard] };
		steps.push({ before: state, action, after: result.value, table: copy });
		state = result.value;
		actions.push(action);
		states.push(state);
	};
	const playFrom = (seat: number, options: { tile: Tile; end: 'left' | 'right' }[]) => {
		const { tile, end } = options[pick(options.length)];
		table.hands[seat] = table.hands[seat].filter((held) => tileKey(held) !== tileKey(tile));
		const fits = endsFor(state, tile);
		// the end may be left out for the first tile and when only one end matches
		const omit = (state.line.length === 0 || fits.length === 1) && pick(2) === 0;
		act(omit ? { type: 'play', tile } : { type: 'play', tile, end });
	};
	const options = (tiles: Tile[]) =>
		tiles.flatMap((tile) => endsFor(state, tile).map((end) => ({ tile, end })));

	act({ type: 'start', seat: input.start });
	for (const shuffled of input.deals) {
		const deal = state.deal;
		table = {
			hands: [0, 1, 2, 3].map((seat) => shuffled.slice(seat * 6, seat * 6 + 6)),
			boneyard: shuffled.slice(24)
		};
		tables.push(table);
		while (state.phase === 'play' && state.deal === deal) {
			const seat = state.seat;
			const playable = options(table.hands[seat]);
			if (playable.length > 0) playFrom(seat, playable);
			else if (table.boneyard.length > 0) {
				const drawn = table.boneyard.pop()!;
				table.hands[seat].push(drawn);
				act({ type: 'draw' });
				const fits = options([drawn]);
				if (fits.length > 0) playFrom(seat, fits);
				else act({ type: 'keep' });
			} else act({ type: 'pass' });
		}
		if (state.phase === 'count') {
			const losers = 1 - (state.wentOut! % 2);
			const tiles = table.hands.filter((_, seat) => seat % 2 === losers).flat();
			const total = tiles.reduce((sum, [a, b]) => sum + a + b, 0);
			act(input.typeTotals ? { type: 'count', total } : { type: 'count', tiles });
		}
	}
	return { config, actions, states, steps, tables, state };
}
