import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';
import {
	layoutsFor,
	passPass,
	turn,
	type PassPassAction,
	type PassPassConfigRefusal,
	type PassPassRefusal,
	type PassPassState,
	type TeamLayout
} from '$lib/rules/pass-pass';
import type { MatchSession } from '$lib/match/session.svelte';
import type { GameUi } from '../types';
import { commonRefusal } from '../text';
import Panel from './Panel.svelte';
import Sheet from './Sheet.svelte';
import { announce } from './announce';
import Options from './Options.svelte';
import Rules from './Rules.svelte';
import { cardName, cardsName, keyName } from './words';

export interface PassPassOptions {
	/** null: individual; 4 players may play 2 teams of 2; 6 players always play in teams */
	teams: TeamLayout | null;
}

function wrongPhase(phase: unknown): string {
	switch (phase) {
		case 'play':
			return m.pp_refusal_phase_play();
		case 'first-take':
			return m.pp_refusal_phase_first();
		case 'second-take':
			return m.pp_refusal_phase_second();
		case 'team-pick':
			return m.pp_refusal_phase_team();
		default:
			return m.refusal_game_over();
	}
}

function refusal(refusal: Refusal, names: readonly string[]): string {
	const params = refusal.params ?? {};
	const card = keyName(params.card);
	const code = refusal.code as PassPassRefusal | PassPassConfigRefusal;
	switch (code) {
		case 'malformed-action':
		case 'game-over':
		case 'players-range':
		case 'bad-start':
			return commonRefusal(refusal);
		case 'bad-teams':
			return m.pp_refusal_bad_teams();
		case 'teams-required':
			return m.pp_refusal_teams_required();
		case 'teams-players':
			return m.pp_refusal_teams_players({ count: Number(params.players) });
		case 'wrong-phase':
			return wrongPhase(params.phase);
		case 'out-of-turn':
			return m.pp_refusal_turn({ name: names[Number(params.seat)] ?? '' });
		case 'card-out-of-range':
			return m.pp_refusal_range();
		case 'bad-diamonds':
			return m.pp_refusal_diamonds();
		case 'diamonds-unknown':
			return m.pp_refusal_diamonds_unknown({
				cards: String(params.cards ?? '')
					.split(' ')
					.map(keyName)
					.join(' + ')
			});
		case 'card-already-used':
			return m.pp_refusal_used({ card });
		case 'duplicate-card':
			return m.pp_refusal_duplicate({ card });
		case 'not-in-trick':
			return m.pp_refusal_not_in_trick({ card });
		case 'take-not-allowed':
			return m.pp_refusal_take();
		case 'trick-in-progress':
			return m.pp_refusal_trick_open();
		case 'too-many-cards':
			return m.pp_refusal_too_many({ max: Number(params.max ?? 24) });
		case 'seat-too-many-cards':
			return m.pp_refusal_seat_too_many({
				name: names[Number(params.seat)] ?? '',
				count: Number(params.count),
				max: Number(params.max)
			});
		case 'nothing-won':
			return m.pp_refusal_nothing_won();
		case 'bad-seat':
			return m.pp_refusal_seat();
		case 'bad-team':
			return m.pp_refusal_team();
		case 'not-in-team':
			return m.pp_refusal_not_in_team({
				name: names[Number(params.seat)] ?? String(params.seat ?? ''),
				number: Number(params.team) + 1
			});
		default:
			code satisfies never; // every code of REFUSALS and CONFIG_REFUSALS is worded above
			return commonRefusal(refusal);
	}
}

function describe(act: PassPassAction, state: PassPassState, names: readonly string[]): string {
	const seat = turn(state);
	const name = seat === null ? '' : (names[seat] ?? '');
	switch (act?.type) {
		case 'play':
			return m.pp_log_play({ name, card: cardName(act.card) });
		case 'firstTake':
			return m.pp_log_first({ name, card: cardName(act.card) });
		case 'secondTake':
			return m.pp_log_second({ name, cards: cardsName(act.cards) });
		case 'won':
			return m.pp_log_won({ name: names[act.seat] ?? '', cards: cardsName(act.cards) });
		case 'lead':
			return m.pp_log_lead({ name: names[act.seat] ?? '' });
		case 'endRound':
			return m.pp_log_end({ round: state.rounds.length });
		case 'teamPick':
			return m.pp_log_pick({ name: names[act.seat] ?? '', number: act.team + 1 });
		default:
			return m.refusal_malformed();
	}
}

function reason(code: string): string {
	switch (code) {
		case 'third-tick':
			return m.pp_reason_tick();
		case 'points':
			return m.pp_reason_points();
		case 'ticks':
			return m.pp_reason_ticks();
		default:
			return m.pp_reason_shared();
	}
}

/** A Pass Pass match: its state and actions, typed for the panels. */
export type PassPassSession = MatchSession<typeof passPass>;

export const ui: GameUi<typeof passPass, PassPassOptions> = {
	game: passPass,
	Panel,
	Sheet,
	Options,
	Rules,
	news: announce,
	defaultOptions: (players) => ({ teams: passPass.defaultConfig(players).teams }),
	config: (options, table) => ({
		start: table.start,
		teams: layoutsFor(table.players).includes(options.teams)
			? options.teams
			: layoutsFor(table.players)[0]
	}),
	refusal,
	describe,
	reason,
	// the round a third Pass Pass ended is named as not counted (docs/rulings.md, Pass Pass 8)
	rowLabel: (code, params) =>
		code === 'sheet-round'
			? m.pp_row_round({ round: Number(params?.round ?? 0) })
			: code === 'sheet-round-void'
				? m.pp_row_round_void({ round: Number(params?.round ?? 0) })
				: code
};
