import { m } from '$lib/paraglide/messages';
import {
	ROUNDS,
	TICKS_TO_WIN,
	opener,
	outcome,
	sideOf,
	teamTicksNow,
	totalTicks,
	turn,
	type PassPassAction,
	type PassPassState
} from '$lib/rules/pass-pass';
import type { News } from '../types';
import { cardName, cardsName } from './words';

/**
 * What the last action did at the table, in one line beside Undo: the card just played, who
 * took what from the trick, a Pass Pass ticked (docs/rulings.md, Pass Pass 7, one line however many at once), a
 * third tick's instant win (docs/rulings.md, Pass Pass 8, 11) and a round's end (no "next round" after the last).
 * Worded from the states the rules produced before and after the action.
 */
export function announce(
	action: PassPassAction,
	before: PassPassState,
	after: PassPassState,
	names: readonly string[]
): News {
	const name = (seat: number | null) => (seat === null ? '' : (names[seat] ?? ''));
	const lines = [what(action, before, after, name)];
	const ticks = tickLines(before, after, name);
	lines.push(...ticks);
	const roundOver = roundEnd(before, after, name);
	if (roundOver) lines.push(roundOver);
	return {
		text: lines.filter(Boolean).join(' '),
		tone: ticks.length > 0 ? 'again' : roundOver ? 'deal' : 'normal'
	};
}

function what(
	action: PassPassAction,
	before: PassPassState,
	after: PassPassState,
	name: (seat: number | null) => string
): string {
	switch (action.type) {
		case 'play':
			// a card played with its diamonds unsaid: asked if it is won (diamonds.ts)
			return typeof action.card.diamonds === 'number'
				? m.pp_news_play({
						name: name(turn(before)),
						card: cardName(action.card),
						diamonds: action.card.diamonds
					})
				: m.dm_news_play({ name: name(turn(before)), card: cardName(action.card) });
		case 'firstTake':
		case 'secondTake': {
			const done = after.lastTrick;
			if (action.type === 'firstTake' && after.firstTake !== null) {
				return m.pp_first_took({ name: name(turn(before)), card: cardName(action.card) });
			}
			if (!done) return '';
			const took = m.pp_news_trick({
				first: name(done.first),
				card: cardName(done.card),
				second: name(done.second),
				cards: cardsName(done.take)
			});
			return done.rest.length > 0
				? `${took} ${m.pp_discarded({ cards: cardsName(done.rest) })}`
				: took;
		}
		// the news line is sentences, each with its full stop (the log's lines are not)
		case 'won':
			return m.pp_news_won({ name: name(action.seat), cards: cardsName(action.cards) });
		case 'lead':
			return m.pp_leads({ name: name(action.seat) });
		case 'endRound':
			return '';
		case 'teamPick':
			return m.pp_news_pick({ name: name(action.seat), number: action.team + 1 });
	}
}

/** One line per player whose Pass Pass count went up, or the instant win it gave. */
function tickLines(
	before: PassPassState,
	after: PassPassState,
	name: (seat: number | null) => string
): string[] {
	const was = totalTicks(before);
	const now = totalTicks(after);
	const teams = after.config.teams !== null;
	const result = outcome(after);
	return now.flatMap((count, seat) => {
		const gained = count - (was[seat] ?? 0);
		if (gained <= 0) return [];
		const side = sideOf(after, seat);
		if (result?.reason === 'third-tick' && result.winners.includes(side)) {
			return [
				teams
					? m.pp_tick_team_win({ name: name(seat), number: side + 1 })
					: m.pp_tick_win({ name: name(seat) })
			];
		}
		return [
			teams
				? m.pp_news_ticks_team({
						name: name(seat),
						count: gained,
						number: side + 1,
						total: teamTicksNow(after)[side],
						need: TICKS_TO_WIN
					})
				: m.pp_news_ticks({ name: name(seat), count: gained, total: count, need: TICKS_TO_WIN })
		];
	});
}

/** A round that ended with this action: who leads the next one, unless it was the last. */
function roundEnd(
	before: PassPassState,
	after: PassPassState,
	name: (seat: number | null) => string
): string | null {
	const was = before.rounds[before.rounds.length - 1];
	const started = after.rounds.length > before.rounds.length;
	const ended = after.rounds[after.rounds.length - 1].ended && !was.ended;
	if (!started && !ended) return null;
	const round = before.rounds.length;
	if (round >= ROUNDS || outcome(after)) return m.pp_news_last_round({ round });
	return m.pp_news_round_over({ round, name: name(opener(after)), next: round + 1 });
}
