/** docs/rulings.md, Pass Pass, deck: 48 unique cards, 4 colours x values 1..12, 0..3 diamonds each. */
export const COLORS = ['purple', 'blue', 'green', 'yellow'] as const;
export type Color = (typeof COLORS)[number];
export const LOWEST_VALUE = 1;
export const HIGHEST_VALUE = 12;
export const MAX_DIAMONDS = 3;

/** 8 tricks a round, at most 3 rounds; each trick gives its two winners 3 cards (docs/rulings.md, Pass Pass 4, 5). */
export const TRICKS = 8;
export const ROUNDS = 3;
export const TAKEN_PER_TRICK = 3;
export const WON_PER_ROUND = TRICKS * TAKEN_PER_TRICK;
/**
 * Most cards one player wins in a round: the first winner takes 1, the second winner 2, and
 * nobody is both, so 2 a trick at most (docs/rulings.md, Pass Pass 4, 5).
 */
export const WON_PER_SEAT = TRICKS * 2;
/** docs/rulings.md, Pass Pass 8, 11: the third tick wins at once. */
export const TICKS_TO_WIN = 3;

/** A card is identified by colour + value; its diamonds are entered with it (docs/contract.md). */
export interface Card {
	color: Color;
	value: number;
	diamonds: number;
}

/** One card on the table, in table order from the leader. */
export interface Play {
	player: number;
	card: Card;
}

/**
 * A card played trick by trick: its diamonds are null until someone says them. Only the cards
 * won score (docs/rulings.md, Pass Pass 9), so a card nobody takes need never be turned up;
 * a take says the diamonds of the cards it wins (docs/features.md, fewer taps).
 */
export interface TableCard {
	color: Color;
	value: number;
	diamonds: number | null;
}

/** A play on the table, its diamonds perhaps not said yet. */
export interface TablePlay {
	player: number;
	card: TableCard;
}

/**
 * docs/rulings.md, Pass Pass 11, team layouts: '2x2' is 4 players (seats 0&2, 1&3); with 6 players '2x3' is two
 * teams of three (0,2,4 / 1,3,5) and '3x2' three teams of two (0&3, 1&4, 2&5).
 */
export const TEAM_LAYOUTS = ['2x2', '2x3', '3x2'] as const;
export type TeamLayout = (typeof TEAM_LAYOUTS)[number];

export interface PassPassConfig {
	/** seat leading the first trick */
	readonly start: number;
	/** null: individual mode (3-5 players) */
	readonly teams: TeamLayout | null;
}

export interface Round {
	/** cards won this round, per seat, in the order taken */
	readonly won: readonly (readonly Card[])[];
	/**
	 * cards left over after the second take, out for the round (docs/rulings.md, Pass Pass 5);
	 * their diamonds unknown when nobody said them
	 */
	readonly discarded: readonly TableCard[];
	/** tricks resolved trick by trick */
	readonly tricks: number;
	readonly ended: boolean;
	/** team mode: the seat written for each team at the round's end, null until picked */
	readonly picks: readonly (number | null)[];
}

/** What the last resolved trick gave: told to the table until the next card goes down. */
export interface TrickDone {
	readonly first: number;
	readonly card: Card;
	readonly second: number;
	readonly take: readonly Card[];
	/** discarded, out for the round (docs/rulings.md, Pass Pass 5) */
	readonly rest: readonly TableCard[];
}

export interface PassPassState {
	readonly config: PassPassConfig;
	readonly players: number;
	/** rounds started so far; the last one is the current round */
	readonly rounds: readonly Round[];
	/** seat leading the current (or next) trick; docs/rulings.md, Pass Pass 6 */
	readonly leader: number;
	/** the current trick's plays, leader first */
	readonly trick: readonly TablePlay[];
	/** the first winner's card while the second winner chooses (docs/rulings.md, Pass Pass 5) */
	readonly firstTake: Card | null;
	/** side (seat, or team index) that reached the third tick: docs/rulings.md, Pass Pass 8, 11 */
	readonly winner: number | null;
	/** the trick resolved last, until the next card is played or cards are entered as won */
	readonly lastTrick: TrickDone | null;
}

/** A card named by colour and value (a take names the card; its diamonds are the trick's). */
export interface CardId {
	color: Color;
	value: number;
	diamonds?: number | null;
}

/** A card as played: `diamonds` absent (or null) while nobody has said them. */
export interface PlayedCard {
	color: Color;
	value: number;
	diamonds?: number | null;
}

export const PHASES = ['play', 'first-take', 'second-take', 'team-pick', 'over'] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Trick by trick: `play` (table order, the seat is implied), `firstTake`, `secondTake` (only
 * when tied values leave a choice). The optional `seat` says who acts; a mismatch is refused.
 * A card is played with its diamonds, or without them (absent: not said yet); then the take
 * that wins it says them in `seen` (whole cards of the trick), the first take also for the
 * second winner's cards when that take follows at once. A log where every card was played with
 * its diamonds has no `seen` and replays as it always did.
 * Cards won: `won` adds cards one seat took, `lead` says who leads next, `endRound` closes a
 * round (a round also closes by itself once 24 cards are won). Team mode: `teamPick`.
 */
export type PassPassAction =
	| { readonly type: 'play'; readonly card: PlayedCard; readonly seat?: number }
	| {
			readonly type: 'firstTake';
			readonly card: CardId;
			readonly seat?: number;
			readonly seen?: readonly Card[];
	  }
	| {
			readonly type: 'secondTake';
			readonly cards: readonly CardId[];
			readonly seat?: number;
			readonly seen?: readonly Card[];
	  }
	| { readonly type: 'won'; readonly seat: number; readonly cards: readonly Card[] }
	| { readonly type: 'lead'; readonly seat: number }
	| { readonly type: 'endRound' }
	| { readonly type: 'teamPick'; readonly team: number; readonly seat: number };

export const REFUSALS = [
	'malformed-action',
	'game-over',
	'wrong-phase',
	'out-of-turn',
	'card-out-of-range',
	'bad-diamonds',
	'card-already-used',
	'duplicate-card',
	'not-in-trick',
	'take-not-allowed',
	'trick-in-progress',
	'too-many-cards',
	'seat-too-many-cards',
	'nothing-won',
	'bad-seat',
	'bad-team',
	'not-in-team',
	'diamonds-unknown'
] as const;
export type PassPassRefusal = (typeof REFUSALS)[number];

/**
 * Figures kept for players' statistics (Feat ids, stored with each finished match): each seat's
 * own ticks, and in team mode the ticks written for the seat's team (docs/rulings.md, Pass Pass 11), which every
 * record of a team match shows.
 */
export const FEATS = ['ticks', 'team-ticks'] as const;
export type PassPassFeat = (typeof FEATS)[number];

export const CONFIG_REFUSALS = [
	'players-range',
	'bad-start',
	'bad-teams',
	'teams-required',
	'teams-players'
] as const;
export type PassPassConfigRefusal = (typeof CONFIG_REFUSALS)[number];
