/** A domino: two halves 0..6 (docs/contract.md). On the line, oriented left to right. */
export type Tile = readonly [number, number];

/** docs/rulings.md, Pass-Pass: double-six set, 4 players, 6 tiles each, 4 in the boneyard, 7 deals. */
export const HIGHEST_SPOT = 6;
export const SEATS = 4;
export const HAND_SIZE = 6;
export const BONEYARD_SIZE = 4;
export const DEALS = 7;

export const ENDS = ['left', 'right'] as const;
export type End = (typeof ENDS)[number];

/** What the tile just played does to the turn (docs/rulings.md, Pass-Pass 3-5). */
export const EFFECTS = ['again', 'skip', 'normal'] as const;
export type Effect = (typeof EFFECTS)[number];

/** start: deal 1 waits for the lots; play; count: a domino waits for the losers' tiles; over. */
export const PHASES = ['start', 'play', 'count', 'over'] as const;
export type Phase = (typeof PHASES)[number];

export interface DominoesConfig {
	/** docs/rulings.md, Pass-Pass 8, house rule: the winner of the previous deal starts the next one */
	readonly houseRuleWinnerStarts: boolean;
	/**
	 * docs/rulings.md, Pass-Pass 8: deal 1's starter when the table chose (or drew lots) at setup: deal 1 then begins
	 * at once. Without it deal 1 waits for a `start` action (matches stored before).
	 */
	readonly starter?: number;
}

/** The tile played last, for the screen to announce "again" or "skip to partner". */
export interface LastPlay {
	readonly seat: number;
	readonly tile: Tile;
	/** where it went; null for the first tile of a deal */
	readonly end: End | null;
	readonly effect: Effect;
}

/** A finished deal, as written on the score sheet. */
export interface DealRecord {
	readonly starter: number;
	/** seat that played its last tile, or null when the deal was blocked */
	readonly wentOut: number | null;
	/** [team 0 (seats 0 & 2), team 1 (seats 1 & 3)] */
	readonly points: readonly [number, number];
	/** the losing team's tiles when they were picked rather than a total typed */
	readonly counted: readonly Tile[] | null;
	/** tiles left per seat when the deal ended */
	readonly handSizes: readonly number[];
}

/**
 * The table as the app sees it: the line, and only the SIZES of the hands (nobody shows
 * their tiles). Any tile not on the line may be in a hand or the boneyard.
 */
export interface DominoesState {
	readonly config: DominoesConfig;
	readonly phase: Phase;
	/** 1..7 */
	readonly deal: number;
	/** seat that played (or plays) the first tile of this deal; null before the lots */
	readonly starter: number | null;
	readonly line: readonly Tile[];
	readonly handSizes: readonly number[];
	readonly boneyard: number;
	/** seat to act while phase is 'play' */
	readonly seat: number;
	/** the seat to act has drawn this turn: it now plays or keeps (docs/rulings.md, Pass-Pass 6) */
	readonly drawn: boolean;
	/** passes in a row since the last tile played; 4 is a blocked deal (docs/rulings.md, Pass-Pass 7) */
	readonly passes: number;
	readonly lastPlay: LastPlay | null;
	/** seat that went out while phase is 'count' */
	readonly wentOut: number | null;
	readonly deals: readonly DealRecord[];
}

export type DominoesAction =
	| { readonly type: 'start'; readonly seat: number }
	| { readonly type: 'play'; readonly tile: Tile; readonly end?: End }
	| { readonly type: 'draw' }
	| { readonly type: 'keep' }
	| { readonly type: 'pass' }
	| { readonly type: 'count'; readonly tiles?: readonly Tile[]; readonly total?: number }
	/**
	 * score pad, a whole deal (tally.ts): the seat that went out and the spots the other team
	 * holds, or wentOut null (blocked) and the tiles left per team
	 */
	| {
			readonly type: 'tally';
			readonly wentOut: number | null;
			readonly total?: number;
			readonly left?: readonly [number, number] | readonly [number, number, number, number];
	  };

export const REFUSALS = [
	'malformed-action',
	'game-over',
	'bad-seat',
	'starter-already-chosen',
	'choose-starter-first',
	'count-first',
	'tile-out-of-range',
	'tile-on-line',
	'tile-twice',
	'tile-does-not-match',
	'tile-fits-no-end',
	'choose-end',
	'hand-empty',
	'play-first-tile',
	'boneyard-empty',
	'boneyard-not-empty',
	'already-drawn',
	'draw-first',
	'keep-or-play',
	'nothing-to-count',
	'count-tiles-or-total',
	'total-not-whole',
	'count-wrong-number',
	'count-mismatch',
	'total-out-of-range',
	'deal-under-way',
	'tally-tiles-range',
	'tally-tiles-total',
	'tally-tiles-per-seat',
	'tally-seat-tiles-range'
] as const;
export type DominoesRefusal = (typeof REFUSALS)[number];

/** Figures kept for players' statistics (Feat ids, stored with each finished match). */
export const FEATS = ['went-out'] as const;
export type DominoesFeat = (typeof FEATS)[number];

/** Why a match's setup cannot be played (checkConfig: a backup's match, never the setup screen). */
export const CONFIG_REFUSALS = ['players-range', 'bad-option'] as const;
export type DominoesConfigRefusal = (typeof CONFIG_REFUSALS)[number];
