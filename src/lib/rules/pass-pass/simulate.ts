import fc from 'fast-check';
import { passPass } from './index';
import { allowedSecondTakes, phase, roundIndex, sides, turn } from './selectors';
import { DECK } from './test-helpers';
import { resolveTrick, secondWinnerTakes } from './trick';
import type { Card, PassPassAction, PassPassState, TeamLayout } from './types';

/** A random whole game: shuffled deals, random choices, some tricks entered as cards won. */
export const game = fc.record({
	players: fc.integer({ min: 3, max: 6 }),
	layout: fc.boolean(),
	start: fc.nat(5),
	mixed: fc.boolean(),
	deals: fc.array(fc.shuffledSubarray(DECK, { minLength: 48, maxLength: 48 }), {
		minLength: 3,
		maxLength: 3
	}),
	choices: fc.array(fc.nat(), { minLength: 50, maxLength: 50 })
});
export type GameInput = typeof game extends fc.Arbitrary<infer T> ? T : never;

function teamsFor(players: number, layout: boolean): TeamLayout | null {
	if (players === 6) return layout ? '2x3' : '3x2';
	return players === 4 && layout ? '2x2' : null;
}

export function simulate(input: GameInput) {
	const { players } = input;
	const config = { start: input.start % players, teams: teamsFor(players, input.layout) };
	let state = passPass.setup(config, players);
	const actions: PassPassAction[] = [];
	const states: PassPassState[] = [state];
	let c = 0;
	const choose = (n: number) => input.choices[c++ % input.choices.length] % n;
	const step = (action: PassPassAction) => {
		const result = passPass.apply(state, action);
		if (!result.ok) throw new Error(`${result.refusal.code} on ${JSON.stringify(action)}`);
		[state] = [result.value, actions.push(action), states.push(result.value)];
	};
	while (phase(state) !== 'over') {
		const round = roundIndex(state);
		const hands = Array.from({ length: players }, (_, seat) =>
			input.deals[round].slice(seat * 8, seat * 8 + 8)
		);
		while (roundIndex(state) === round && phase(state) !== 'over') {
			const seat = turn(state) as number;
			switch (phase(state)) {
				case 'play':
					if (input.mixed && state.trick.length === 0 && choose(3) === 0) {
						offlineTrick(state, hands, choose).forEach((action) => {
							if (phase(state) !== 'over') step(action);
						});
					} else {
						step({
							type: 'play',
							card: hands[seat].splice(choose(hands[seat].length), 1)[0],
							seat
						});
					}
					break;
				case 'first-take':
					step({ type: 'firstTake', card: state.trick[choose(players)].card, seat });
					break;
				case 'second-take': {
					const takes = allowedSecondTakes(state);
					step({ type: 'secondTake', cards: takes[choose(takes.length)], seat });
					break;
				}
				case 'team-pick': {
					const team = state.rounds[round].picks.indexOf(null);
					const members = sides(state)[team];
					step({ type: 'teamPick', team, seat: members[choose(members.length)] });
				}
			}
		}
	}
	return { config, actions, states, state };
}

/** A trick the table resolves itself, entered as cards won (docs/rulings.md, Pass Pass 12). */
function offlineTrick(state: PassPassState, hands: Card[][], choose: (n: number) => number) {
	const plays = hands.map((_, at) => {
		const player = (state.leader + at) % hands.length;
		return { player, card: hands[player].splice(choose(hands[player].length), 1)[0] };
	});
	const { first, second } = resolveTrick(plays);
	const pick = plays[choose(plays.length)].card;
	const takes = secondWinnerTakes(plays, pick);
	return [
		{ type: 'won', seat: first, cards: [pick] },
		{ type: 'won', seat: second, cards: takes[choose(takes.length)] },
		{ type: 'lead', seat: second }
	] as PassPassAction[];
}
