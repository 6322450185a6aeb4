import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';
import {
	climbing,
	padOpen,
	check,
	gameNumber,
	passEarnsToken,
	type ClimbingAction,
	type ClimbingConfigRefusal,
	type ClimbingRefusal,
	type ClimbingState,
	type Mode,
	type PlayedSet
} from '$lib/rules/climbing';
import type { MatchSession } from '$lib/match/session.svelte';
import type { GameUi } from '../types';
import { commonRefusal } from '../text';
import Panel from './Panel.svelte';
import ScorePad from './ScorePad.svelte';
import { announce } from './announce';
import Options from './Options.svelte';
import Rules from './Rules.svelte';
import { cardsText, notBeatText, setText, tokensText } from './words';
import type { ClimbingMatchConfig } from './view';

export interface ClimbingOptions {
	mode: Mode;
	/** PASS tokens in the box (docs/rulings.md, PASS 11: 40 assumed, settable at setup) */
	tokens: number;
}

const REASONS: Record<string, () => string> = {
	crowns: () => m.cl_reason_crowns(),
	points: () => m.cl_reason_points(),
	'points-more': () => m.cl_reason_points_more(),
	'points-game-winner': () => m.cl_reason_points_game_winner(),
	'points-closer': () => m.cl_reason_points_closer()
};

function refusal(refusal: Refusal, names: readonly string[]): string {
	const params = refusal.params ?? {};
	const name = (key: string) => names[Number(params[key])] ?? '';
	const tableSet = { type: String(params.type), rank: String(params.rank) } as PlayedSet;
	const code = refusal.code as ClimbingRefusal | ClimbingConfigRefusal;
	switch (code) {
		case 'game-not-started':
			return m.cl_refusal_not_started();
		case 'game-in-progress':
			return m.cl_refusal_in_progress();
		case 'bad-seat':
			return m.cl_refusal_bad_seat();
		case 'already-passed':
			return m.cl_refusal_passed({ name: name('seat') });
		case 'not-your-turn':
			return m.cl_refusal_turn({ name: name('seat'), turn: name('turn') });
		case 'must-lead':
			return m.cl_refusal_must_lead({ name: name('seat') });
		case 'not-a-set':
			return m.cl_refusal_not_a_set({ values: String(params.values ?? '') });
		case 'card-count':
			return params.min === params.max
				? m.cl_refusal_card_count_exact({ count: Number(params.min), cards: Number(params.cards) })
				: m.cl_refusal_card_count({
						cards: Number(params.cards),
						min: Number(params.min),
						max: Number(params.max)
					});
		case 'double-ace-alone':
			return m.cl_refusal_double_ace();
		case 'no-such-faces':
			return m.cl_refusal_no_faces({
				count: Number(params.cards),
				values: String(params.values ?? '')
			});
		case 'hand-too-small':
			return m.cl_refusal_hand({ cards: Number(params.cards), count: Number(params.hand) });
		case 'does-not-beat':
			return notBeatText(tableSet);
		case 'nothing-to-augment':
			return m.cl_refusal_nothing_to_augment();
		case 'augment-needs-equal-set':
			return m.cl_refusal_augment_equal({ table: setText(tableSet) });
		case 'augment-price':
			return m.cl_refusal_augment_price({ need: tokensText(Number(params.need)) });
		case 'not-enough-tokens':
			return m.cl_refusal_tokens({
				need: tokensText(Number(params.need)),
				have: tokensText(Number(params.have))
			});
		case 'bad-token-count':
			return m.cl_refusal_token_count({ count: Number(params.min) });
		case 'tally-cards-left':
			return m.sp_cl_refusal_cards_left();
		case 'tally-winner-cards':
			return m.sp_cl_refusal_winner_cards({ name: name('seat') });
		case 'tally-cards-range':
			return m.sp_cl_refusal_cards_range({
				name: name('seat'),
				cards: String(params.cards),
				min: Number(params.min),
				max: Number(params.max)
			});
		case 'malformed-action':
		case 'game-over':
		case 'players-range':
		case 'bad-option':
			return commonRefusal(refusal);
		default:
			code satisfies never; // every code of REFUSALS and CONFIG_REFUSALS is worded above
			return commonRefusal(refusal);
	}
}

function describe(act: ClimbingAction, state: ClimbingState, names: readonly string[]): string {
	if (act?.type === 'tally') {
		const game = state.games.length + 1;
		return m.sp_cl_log_tally({ game, name: names[act.winner] ?? '' });
	}
	const name = names[act.seat] ?? '';
	switch (act?.type) {
		case 'start':
			return m.cl_log_start({ name, game: gameNumber(state) });
		case 'play': {
			const set = check(state, act).set;
			const after = climbing.apply(state, act);
			const parts = [
				m.cl_log_play({
					name,
					set: set ? setText(set) : act.values.join(' '),
					values: act.values.join(' '),
					cards: cardsText(act.cards)
				})
			];
			if (act.upgrade) parts.push(m.cl_log_upgrade());
			if (act.augment > 0) parts.push(m.cl_log_augment({ count: tokensText(act.augment) }));
			if (after.ok && after.value.games.length > state.games.length) parts.push(m.cl_log_out());
			else if (after.ok && after.value.pile.at(-1)?.earned) parts.push(m.cl_log_trump());
			// docs/rulings.md, PASS 11: a trump on an empty supply earns nothing, and the words say why
			else if (after.ok && after.value.pile.at(-1)?.set.type === 'trump')
				parts.push(m.cl_log_trump_empty());
			return parts.join(', ');
		}
		case 'pass':
			// docs/rulings.md, PASS 11: with the supply empty the pass earns nothing, and the log says so
			return passEarnsToken(state) ? m.cl_log_pass({ name }) : m.cl_log_pass_empty({ name });
		default:
			return m.refusal_malformed();
	}
}

/** A PASS match: its state and actions, typed for the panels. */
export type ClimbingSession = MatchSession<typeof climbing>;

export const ui: GameUi<typeof climbing, ClimbingOptions> = {
	game: climbing,
	Panel,
	ScorePad,
	padOpen,
	news: (action, before, after, names) =>
		announce(describe(action, before, names), action, before, after, names),
	Options,
	Rules,
	// the rules' defaults (one source): basic mode, the box's 40 tokens
	defaultOptions: (players) => {
		const { mode, tokens } = climbing.defaultConfig(players);
		return { mode, tokens };
	},
	// the seat chosen at setup holds START 2 in the first game: the match does not ask again
	config: (options, setup): ClimbingMatchConfig => ({
		mode: options.mode,
		tokens: options.tokens,
		starter: setup.start
	}),
	refusal,
	describe,
	reason: (reason) => (REASONS[reason] ?? REASONS.crowns)(),
	rowLabel: (_code, params) => m.cl_row_game({ game: Number(params?.game ?? 0) })
};
