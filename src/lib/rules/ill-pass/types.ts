/** docs/rulings.md, I'll Pass 1: cards 3..34, 8 removed unseen, so 24 are played; 11 chips each. */
export const LOWEST_CARD = 3;
export const HIGHEST_CARD = 34;
export const CARDS_PLAYED = 24;
export const CHIPS_EACH = 11;

export interface IllPassConfig {
	/** seat that reveals the first card and decides first */
	readonly start: number;
	/** docs/rulings.md, I'll Pass 3, house rule: after a take the taker reveals and decides first (No Thanks!) */
	readonly takerReveals: boolean;
}

export interface Hand {
	/** cards taken, in the order taken */
	readonly cards: readonly number[];
	readonly chips: number;
}

export interface IllPassState {
	readonly config: IllPassConfig;
	readonly hands: readonly Hand[];
	/** every card revealed so far, in order; the last one is face up while `faceUp` is set */
	readonly revealed: readonly number[];
	/** the card in the middle, or null when the next card is still to be revealed */
	readonly faceUp: number | null;
	/** chips lying on the face-up card */
	readonly pot: number;
	/** seat to reveal (no card face up) or to decide (take or pass) */
	readonly seat: number;
}

export type IllPassAction =
	| { readonly type: 'reveal'; readonly card: number }
	| { readonly type: 'take' }
	| { readonly type: 'pass' }
	/** score pad: each seat's cards and chips at the game's end (tally.ts) */
	| { readonly type: 'tally'; readonly hands: readonly Hand[] };

export const REFUSALS = [
	'malformed-action',
	'game-over',
	'card-out-of-range',
	'card-already-revealed',
	'reveal-first',
	'card-already-face-up',
	'no-chips',
	'tally-card-twice',
	'tally-card-taken',
	'tally-card-count',
	'tally-chips',
	'chips-out-of-range',
	'hand-too-many-cards'
] as const;
export type IllPassRefusal = (typeof REFUSALS)[number];

/** Figures kept for players' statistics (Feat ids, stored with each finished match). */
export const FEATS = ['longest-run'] as const;
export type IllPassFeat = (typeof FEATS)[number];

/** Why a match's setup cannot be played (checkConfig: a backup's match, never the setup screen). */
export const CONFIG_REFUSALS = ['players-range', 'bad-start', 'bad-option'] as const;
export type IllPassConfigRefusal = (typeof CONFIG_REFUSALS)[number];
