/** docs/rulings.md, PASS 1: ranks low to high. */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

/** docs/rulings.md, PASS 2: the seven set types, weakest bomb last but one. */
export const SET_TYPES = [
	'plain',
	'pair',
	'three',
	'straight',
	'fullHouse',
	'four',
	'trump'
] as const;
export type SetType = (typeof SET_TYPES)[number];

/** A set as judged: its type, and the rank that orders sets of one type (docs/rulings.md, PASS 3). */
export interface PlayedSet {
	type: SetType;
	rank: Rank;
}

/** docs/rulings.md, PASS 9: 13 cards each, whatever the player count. */
export const HAND_SIZE = 13;
/** docs/rulings.md, PASS 7: each player starts a game with 1 token. */
export const TOKENS_EACH = 1;
/**
 * Tokens in the box. The rulebook gives no count; 40 leaves a supply of 35 to 38, more than a
 * game normally takes. Players' tokens + supply + tokens beside sets always equal this.
 */
export const BOX_TOKENS = 40;
/** docs/rulings.md, PASS 9: basic ends at 3 crowns, advanced at 10 points. */
export const CROWNS_TO_WIN = 3;
export const POINTS_TO_WIN = 10;

export const MODES = ['basic', 'advanced'] as const;
export type Mode = (typeof MODES)[number];

export interface ClimbingConfig {
	readonly mode: Mode;
	/** tokens in the box (players' + supply + beside sets); at least one per player */
	readonly tokens: number;
	/**
	 * Who holds START 2 in the first game, when the table said so at setup: the first game then
	 * begins at once. Without it the first game waits for `start` (matches stored before).
	 */
	readonly starter?: number;
}

/** One set on the table this round, as played. */
export interface TablePlay {
	readonly seat: number;
	readonly set: PlayedSet;
	readonly values: readonly Rank[];
	readonly cards: number;
	readonly upgrade: boolean;
	/** tokens left beside this set (docs/rulings.md, PASS 6) */
	readonly augment: number;
	/** a trump took a token from the supply (docs/rulings.md, PASS 7: none when it is empty) */
	readonly earned: boolean;
}

/** A finished game: who went out, cards left per seat, crowns or points awarded per seat. */
export interface GameRecord {
	readonly winner: number;
	readonly cardsLeft: readonly number[];
	readonly awarded: readonly number[];
	readonly rounds: number;
}

/** 'start': waiting for who holds START 2; 'play': a game is on; 'over': the match is won. */
export type Phase = 'start' | 'play' | 'over';

export interface ClimbingState {
	readonly config: ClimbingConfig;
	readonly phase: Phase;
	/** round within the current game, from 1 */
	readonly round: number;
	/** cards in hand per seat (the app never sees faces) */
	readonly hands: readonly number[];
	readonly tokens: readonly number[];
	readonly supply: number;
	/** this round's sets, oldest first; the last one is on top */
	readonly pile: readonly TablePlay[];
	/** who declared PASS this round */
	readonly passed: readonly boolean[];
	/** seat to act: to lead when the pile is empty */
	readonly seat: number;
	readonly games: readonly GameRecord[];
}

export interface PlayAction {
	readonly type: 'play';
	readonly seat: number;
	/** values shown after any upgrade; a doubled face gives two */
	readonly values: readonly Rank[];
	/** physical cards played */
	readonly cards: number;
	/** 1 token spent to upgrade (docs/rulings.md, PASS 5) */
	readonly upgrade: boolean;
	/** tokens spent to augment (docs/rulings.md, PASS 6) */
	readonly augment: number;
}

export type ClimbingAction =
	| { readonly type: 'start'; readonly seat: number }
	| PlayAction
	| { readonly type: 'pass'; readonly seat: number };

export const REFUSALS = [
	'malformed-action',
	'game-over',
	'game-not-started',
	'game-in-progress',
	'bad-seat',
	'already-passed',
	'not-your-turn',
	'must-lead',
	'not-a-set',
	'card-count',
	'hand-too-small',
	'double-ace-alone',
	'no-such-faces',
	'does-not-beat',
	'nothing-to-augment',
	'augment-needs-equal-set',
	'augment-price',
	'not-enough-tokens'
] as const;
export type ClimbingRefusal = (typeof REFUSALS)[number];

/** Figures kept for players' statistics (Feat ids, stored with each finished match). */
export const FEATS = ['games-won'] as const;
export type ClimbingFeat = (typeof FEATS)[number];

/** Why a match's setup cannot be played (checkConfig: a backup's match, never the setup screen). */
export const CONFIG_REFUSALS = ['players-range', 'bad-option', 'bad-token-count'] as const;
export type ClimbingConfigRefusal = (typeof CONFIG_REFUSALS)[number];
