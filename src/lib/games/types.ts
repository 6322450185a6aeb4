import type { Component, Snippet } from 'svelte';
import type { ActionOf, AnyGame, ConfigOf, Refusal, StateOf } from '$lib/rules/common';
import type { MatchSession } from '$lib/match/session.svelte';

/** What the last action did, told in one line beside the pad (dominoes' announce.ts is the model). */
export interface News {
	readonly text: string;
	/** how it is shown: a bonus turn or a tick stands out, a skip or a deal's end too */
	readonly tone: 'normal' | 'again' | 'skip' | 'deal';
	/**
	 * What still holds after a refused entry ("Sum 10: Ana plays again!"), kept beside the
	 * refusal in the news line (a bonus turn, a skip); nothing is kept when not given.
	 */
	readonly holds?: string;
}

/** What the new-match screen gathers before a game turns it into its config. */
export interface TableSetup {
	players: number;
	/** seat that starts (chosen or drawn by lots) */
	start: number;
}

/**
 * A game's screens, loaded lazily with its rules: the shell (home, new match, match screen,
 * history) knows games only through this shape. Typed by the game's definition, so its panels
 * read its state and enter its actions without a cast; the shell holds `GameUi` of any game.
 */
export interface GameUi<G extends AnyGame = AnyGame, Options = unknown> {
	readonly game: G;
	/**
	 * the referee panel: turn, the controls for the next action, the game's own live view; while
	 * a round may be entered on the score pad, `padSwitch` is the one button that goes there, for
	 * the panel to place among its own controls, in reach at 360x640 (docs/architecture.md)
	 */
	readonly Panel: Component<{ session: MatchSession<G>; padSwitch?: Snippet }>;
	/**
	 * The score pad: a whole round (deal, game) entered as its result instead of move by move,
	 * shown instead of the Panel while `padOpen` says a round may be entered (docs/architecture.md).
	 */
	readonly ScorePad?: Component<{ session: MatchSession<G> }>;
	/** whether the rules take a round's result now (between rounds); the rules' own answer */
	padOpen?(state: StateOf<G>): boolean;
	/**
	 * A match finished on the score pad still shows the Panel: it holds what the pad entered
	 * (I'll Pass: each player's cards and chips). Otherwise the Panel would show the referee's
	 * leftovers (a boneyard, a supply) and the outcome and the sheet stand alone.
	 */
	readonly padEndsOnPanel?: boolean;
	/** the game's setup options (house rules, teams, mode) on the new-match screen */
	readonly Options: Component<
		{ options: Options; players: number; names: readonly string[] },
		object,
		'options'
	>;
	/** rules in our own words plus the rulings that apply (docs/rulings.md) */
	readonly Rules: Component;
	defaultOptions(players: number): Options;
	config(options: Options, table: TableSetup): ConfigOf<G>;
	/**
	 * The match's own score table (Pass Pass's printed pad, with ticks), shown instead of the
	 * generic score sheet beside the entry.
	 */
	readonly Sheet?: Component<{ session: MatchSession<G> }>;
	/**
	 * What the last action did, worded from the state before and after it; a game without it is
	 * told by `describe`.
	 */
	news?(
		action: ActionOf<G>,
		before: StateOf<G>,
		after: StateOf<G>,
		names: readonly string[]
	): News | null;
	/** a refusal from this game's reducer, in the player's language */
	refusal(refusal: Refusal, names: readonly string[]): string;
	/** one action of the log in words, given the state it was applied to */
	describe(action: ActionOf<G>, before: StateOf<G>, names: readonly string[]): string;
	/** why the match ended (outcome.reason), in words */
	reason(reason: string): string;
	/** a score-sheet row label */
	rowLabel(code: string, params?: Readonly<Record<string, string | number>>): string;
}
