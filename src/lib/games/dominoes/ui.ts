import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';
import {
	dominoes,
	padOpen,
	teamOf,
	tileKey,
	tileText,
	type DominoesAction,
	type DominoesConfigRefusal,
	type DominoesRefusal,
	type DominoesState
} from '$lib/rules/dominoes';
import type { MatchSession } from '$lib/match/session.svelte';
import type { GameUi } from '../types';
import { commonRefusal } from '../text';
import { teamLetter, teamName } from './words';
import { announce } from './announce';
import Panel from './Panel.svelte';
import ScorePad from './ScorePad.svelte';
import Options from './Options.svelte';
import Rules from './Rules.svelte';

export interface DominoesOptions {
	houseRuleWinnerStarts: boolean;
}

/**
 * The match config: the rules core's own fields. `starter` is the seat chosen (or drawn) on the
 * new-match screen, so deal 1 begins without asking again. Matches stored before it carry
 * `start` instead, read only by the Panel to offer that seat first at the in-match lots.
 */
export interface DominoesMatchConfig extends DominoesOptions {
	starter?: number;
	start?: number;
}

function refusal(refusal: Refusal, names: readonly string[]): string {
	const params = refusal.params ?? {};
	const tile = String(params.tile ?? '');
	const number = Number(params.number);
	const left = Number(params.left);
	const right = Number(params.right);
	const code = refusal.code as DominoesRefusal | DominoesConfigRefusal;
	switch (code) {
		case 'bad-seat':
			return m.dom_refusal_bad_seat({ seat: String(params.seat ?? '') });
		case 'starter-already-chosen':
			return m.dom_refusal_started();
		case 'choose-starter-first':
			return m.dom_refusal_choose_starter();
		case 'count-first':
			return m.dom_refusal_count_first();
		case 'tile-out-of-range':
			return m.dom_refusal_out_of_range({ tile });
		case 'tile-on-line':
			return m.dom_refusal_on_line({ tile });
		case 'tile-twice':
			return m.dom_refusal_twice({ tile });
		case 'tile-does-not-match':
			return params.end === 'left'
				? m.dom_refusal_no_match_left({ tile, number })
				: m.dom_refusal_no_match_right({ tile, number });
		case 'tile-fits-no-end':
			return params.tile === undefined
				? m.dom_refusal_fits_nothing()
				: m.dom_refusal_fits_no_end({ tile, left, right });
		case 'choose-end':
			return m.dom_refusal_choose_end({ tile, left, right });
		case 'hand-empty':
			return m.dom_refusal_hand_empty({ name: names[Number(params.seat)] ?? '' });
		case 'play-first-tile':
			return m.dom_refusal_play_first();
		case 'boneyard-empty':
			return m.dom_refusal_boneyard_empty();
		case 'boneyard-not-empty':
			return m.dom_refusal_boneyard_not_empty({ count: Number(params.boneyard) });
		case 'already-drawn':
			return m.dom_refusal_already_drawn();
		case 'draw-first':
			return m.dom_refusal_draw_first();
		case 'keep-or-play':
			return m.dom_refusal_keep_or_play();
		case 'nothing-to-count':
			return m.dom_refusal_nothing_to_count();
		case 'count-tiles-or-total':
			return m.dom_refusal_count_how();
		case 'count-wrong-number':
			return m.dom_refusal_count_number({
				count: Number(params.expected),
				given: Number(params.given)
			});
		case 'count-mismatch':
			return m.dom_refusal_count_mismatch({
				total: String(params.total),
				counted: Number(params.counted)
			});
		case 'total-not-whole':
			return m.dom_refusal_total_whole({ total: String(params.total) });
		case 'total-out-of-range':
			return m.dom_refusal_total_range({
				total: String(params.total),
				min: Number(params.min),
				max: Number(params.max)
			});
		case 'deal-under-way':
			return m.sp_dom_refusal_under_way({ deal: Number(params.deal) });
		case 'tally-tiles-range':
			return m.sp_dom_refusal_tiles_range({
				team: teamLetter(Number(params.team)),
				count: Number(params.tiles),
				min: Number(params.min),
				max: Number(params.max)
			});
		case 'tally-tiles-total':
			return m.sp_dom_refusal_tiles_total({ total: Number(params.total), max: Number(params.max) });
		case 'tally-tiles-per-seat':
			return m.sp_dom_refusal_per_seat();
		case 'tally-seat-tiles-range':
			return m.sp_dom_refusal_seat_tiles_range({
				name: names[Number(params.seat)] ?? String(params.seat ?? ''),
				count: Number(params.tiles),
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

/** A played tile in words, with what it did to the turn (worked out by the rules core). */
function describePlay(
	state: DominoesState,
	action: Extract<DominoesAction, { type: 'play' }>,
	names: readonly string[]
): string {
	const name = names[state.seat] ?? '';
	const result = dominoes.apply(state, action);
	const played = result.ok ? result.value.lastPlay : null;
	const tile = played ? tileText(played.tile) : tileKey(action.tile);
	const end = played ? played.end : (action.end ?? null);
	const text =
		end === 'left'
			? m.dom_log_left({ name, tile })
			: end === 'right'
				? m.dom_log_right({ name, tile })
				: m.dom_log_first({ name, tile });
	if (!result.ok || !played) return text;
	if (result.value.phase === 'count') return m.dom_log_out({ text });
	if (played.effect === 'again') return m.dom_log_again({ text });
	if (played.effect === 'skip')
		return m.dom_log_skip({ text, name: names[result.value.seat] ?? '' });
	return text;
}

function describe(act: DominoesAction, state: DominoesState, names: readonly string[]): string {
	const name = names[state.seat] ?? '';
	switch (act?.type) {
		case 'start':
			return m.dom_log_start({ name: names[act.seat] ?? '' });
		case 'play':
			return describePlay(state, act, names);
		case 'draw':
			return m.dom_log_draw({ name });
		case 'keep':
			return m.dom_log_keep({ name });
		case 'pass':
			return state.passes === 3 ? m.dom_log_blocked({ name }) : m.dom_log_pass({ name });
		case 'count': {
			const losers = state.wentOut === null ? 0 : 1 - teamOf(state.wentOut);
			const team = teamName(losers, names);
			const deal = state.deal;
			if (act.tiles) {
				const total = act.tiles.reduce((sum, tile) => sum + tile[0] + tile[1], 0);
				const tiles = act.tiles.map(tileKey).join(' ');
				return m.dom_log_count_tiles({ deal, team, tiles, total });
			}
			return m.dom_log_count_total({ deal, team, total: act.total ?? 0 });
		}
		case 'tally': {
			const deal = state.deal;
			if (act.wentOut === null) {
				const left = act.left ?? [0, 0];
				// per seat (the house rule's) or per team: the log says the teams' tiles either way
				const [a, b] = left.length === 4 ? [left[0] + left[2], left[1] + left[3]] : left;
				return m.sp_dom_log_blocked({ deal, teamA: teamLetter(0), teamB: teamLetter(1), a, b });
			}
			const team = teamName(1 - teamOf(act.wentOut), names);
			const total = act.total ?? 0;
			return m.sp_dom_log_out({ deal, name: names[act.wentOut] ?? '', team, total });
		}
		default:
			return m.refusal_malformed();
	}
}

/** A Pass-Pass match: its state and actions, typed for the panels. */
export type DominoesSession = MatchSession<typeof dominoes>;

export const ui: GameUi<typeof dominoes, DominoesOptions> = {
	game: dominoes,
	Panel,
	ScorePad,
	padOpen,
	news: (action, _before, after, names) => {
		const told = announce(after, action, names);
		if (!told) return null;
		// what was played, then what it gives: "Ana played 3-5. Sum 10: Ana plays again."
		const text = told.tone === 'deal' ? [told.text, told.detail] : [told.detail, told.text];
		// a bonus turn or a skip still holds after a refused tile; a deal's end is over
		const holds = told.tone === 'again' || told.tone === 'skip' ? told.text : undefined;
		return { text: text.filter(Boolean).join(' '), tone: told.tone, holds };
	},
	Options,
	Rules,
	defaultOptions: (players) => ({
		houseRuleWinnerStarts: dominoes.defaultConfig(players).houseRuleWinnerStarts
	}),
	config: (options, table): DominoesMatchConfig => ({
		houseRuleWinnerStarts: options.houseRuleWinnerStarts,
		starter: table.start
	}),
	refusal,
	describe,
	reason: () => m.dom_reason_lowest(),
	rowLabel: (_code, params) => m.dom_row_deal({ deal: Number(params?.deal ?? 0) })
};
