import type { Refusal, Result } from './result';

/** Every game Passpad referees; the id is stored with each match, so never rename one. */
export const GAME_IDS = ['ill-pass', 'pass-pass', 'dominoes', 'climbing'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** How many may sit at a game's table (its rulebook's count). */
export interface PlayerRange {
	readonly min: number;
	readonly max: number;
}

/**
 * What the shell knows of a game before its rules load (src/lib/rules/<game>/meta.ts): the one
 * source of its id and player range, read by the catalog, the definition and `checkConfig`.
 */
export interface GameMeta {
	readonly id: GameId;
	readonly players: PlayerRange;
}

/** A table outside the game's player range is refused with 'players-range' and the range. */
export function checkPlayers(players: number, range: PlayerRange): Refusal<'players-range'> | null {
	const fits = Number.isInteger(players) && players >= range.min && players <= range.max;
	return fits ? null : { code: 'players-range', params: { min: range.min, max: range.max } };
}

/** Anything every game's actions have: a discriminant the log can be read by. */
export interface BaseAction {
	readonly type: string;
}

/** A side is who scores together: one seat, or a team of seats. */
export interface Side {
	readonly seats: readonly number[];
}

/** A translatable phrase: a message code and its parameters. */
export interface Phrase {
	readonly code: string;
	readonly params?: Readonly<Record<string, string | number>>;
}

/** How a match ended. Winners are side indexes into `sheet(state).sides`. */
export interface Outcome {
	readonly winners: readonly number[];
	/** true when more than one side shares the victory */
	readonly shared: boolean;
	/** why it ended: 'lowest-score', 'third-tick', 'crowns', ... (translated by the game's UI) */
	readonly reason: string;
}

/**
 * The score pad as printed: one column a side, one row a round (or deal, game, or line item
 * for one-shot games like I'll Pass), and the running total.
 */
export interface ScoreSheet {
	readonly sides: readonly Side[];
	readonly rows: readonly {
		readonly label: Phrase;
		readonly cells: readonly (number | null)[];
	}[];
	readonly totals: readonly number[];
	/** I'll Pass and the dominoes count down: the lowest total wins. */
	readonly lowerWins: boolean;
}

/** How a player's figures for one feat combine over many matches. */
export const AGGREGATES = ['sum', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/**
 * A figure per seat worth keeping across matches, for players' statistics: Pass Pass ticks
 * earned ('sum' over matches), the longest I'll Pass run ('max'). Read from the final state and
 * stored with the finished match, so statistics never replay.
 */
export interface Feat<State, Id extends string = string> {
	/** stored with each finished match and translated by the game's words: never rename one */
	readonly id: Id;
	readonly aggregate: Aggregate;
	/**
	 * the figure for each seat, in seat order; none at all where this match does not keep it
	 * (Pass Pass's team ticks in individual play): statistics then count it for nobody
	 */
	value(state: State): readonly number[];
}

/**
 * One shape for all four games (boardgame.io's game object): plain data and pure functions.
 * A match is `setup(config, players)` followed by a fold of its action log through `apply`.
 * Randomness (drawing lots) is decided outside and enters as config or action payload,
 * so a replay is always the same.
 */
export interface GameDefinition<
	Config,
	State,
	Action extends BaseAction,
	Code extends string = string
> {
	readonly id: GameId;
	readonly players: PlayerRange;
	defaultConfig(players: number): Config;
	/** Why this config cannot be played by this many players, or null when it can. */
	checkConfig(config: Config, players: number): Refusal | null;
	setup(config: Config, players: number): State;
	/** Next state, or a refusal with a reason. Never mutates `state`, never throws. */
	apply(state: State, action: Action): Result<State, Code>;
	/**
	 * Turn order is the rules' own: no screen works out a seat (docs/contract.md).
	 * Who acts next: the seat expected to act, or null when no one seat is (the table decides
	 * together, or the match is over).
	 */
	turn(state: State): number | null;
	/**
	 * Which seats may act now, the one whose turn it is first: its seat alone, or every seat
	 * when the table may name anyone (the lots, START 2's holder, cards won, who leads next);
	 * none when the next step is the table's (a deal's count) or the match is over.
	 */
	actors(state: State): readonly number[];
	/**
	 * Who starts the next round, deal or game: the seat that will lead it, from the moment the
	 * rules know it until its first play; null while play still to come decides it, when the
	 * table names it (the lots, START 2) and once the match is over.
	 */
	opener(state: State): number | null;
	outcome(state: State): Outcome | null;
	sheet(state: State): ScoreSheet;
	/** per-seat figures kept for players' statistics, in the order the statistics show them */
	readonly feats?: readonly Feat<State>[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, string>;
/** A game's types, read from its definition: what `setup` takes and gives, what `apply` takes. */
export type ConfigOf<G extends AnyGame> = Parameters<G['setup']>[0];
export type StateOf<G extends AnyGame> = ReturnType<G['setup']>;
export type ActionOf<G extends AnyGame> = Parameters<G['apply']>[1];
