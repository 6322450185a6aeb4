import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';
import {
	illPass,
	padOpen,
	type IllPassAction,
	type IllPassConfigRefusal,
	type IllPassRefusal,
	type IllPassState
} from '$lib/rules/ill-pass';
import type { MatchSession } from '$lib/match/session.svelte';
import type { GameUi } from '../types';
import { commonRefusal } from '../text';
import Panel from './Panel.svelte';
import ScorePad from './ScorePad.svelte';
import Options from './Options.svelte';
import Rules from './Rules.svelte';
import { announce } from './announce';
import { describeTally, tallyRefusal } from './tally-words';

export interface IllPassOptions {
	takerReveals: boolean;
}

function refusal(refusal: Refusal, names: readonly string[]): string {
	const params = refusal.params ?? {};
	const card = String(params.card ?? '');
	const code = refusal.code as IllPassRefusal | IllPassConfigRefusal;
	switch (code) {
		case 'card-out-of-range':
			return m.ill_refusal_range();
		case 'card-already-revealed':
			return m.ill_refusal_revealed({ card });
		case 'reveal-first':
			return m.ill_refusal_reveal_first();
		case 'card-already-face-up':
			return m.ill_refusal_face_up({ card });
		case 'no-chips':
			return m.ill_refusal_no_chips({ name: names[Number(params.seat)] ?? '', card });
		case 'tally-card-twice':
		case 'tally-card-taken':
		case 'tally-card-count':
		case 'tally-chips':
		case 'chips-out-of-range':
		case 'hand-too-many-cards':
			return tallyRefusal(refusal, names);
		case 'malformed-action':
		case 'game-over':
		case 'players-range':
		case 'bad-start':
		case 'bad-option':
			return commonRefusal(refusal);
		default:
			code satisfies never; // every code of REFUSALS and CONFIG_REFUSALS is worded above
			return commonRefusal(refusal);
	}
}

function describe(act: IllPassAction, state: IllPassState, names: readonly string[]): string {
	const name = names[state.seat] ?? '';
	switch (act?.type) {
		case 'reveal':
			return m.ill_log_reveal({ name, card: act.card });
		case 'take':
			return m.ill_log_take({ name, card: state.faceUp ?? '', count: state.pot });
		case 'pass':
			return m.ill_log_pass({ name, card: state.faceUp ?? '' });
		case 'tally':
			return describeTally(act, state, names);
		default:
			return m.refusal_malformed();
	}
}

/** An I'll Pass match: its state and actions, typed for the panel. */
export type IllPassSession = MatchSession<typeof illPass>;

export const ui: GameUi<typeof illPass, IllPassOptions> = {
	game: illPass,
	Panel,
	ScorePad,
	padOpen,
	padEndsOnPanel: true,
	Options,
	Rules,
	news: announce,
	defaultOptions: (players) => ({ takerReveals: illPass.defaultConfig(players).takerReveals }),
	config: (options, table) => ({ start: table.start, takerReveals: options.takerReveals }),
	refusal,
	describe,
	reason: () => m.ill_reason_lowest(),
	rowLabel: (code) => (code === 'sheet-chips' ? m.ill_row_chips() : m.ill_row_cards())
};
