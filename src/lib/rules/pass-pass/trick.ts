import { cardKey, checkCards, sameCard, shown } from './cards';
import { COLORS, type Card, type Color, type Play, type TablePlay } from './types';

/** A play as the ranking reads it: who, and the card's colour and value (never its diamonds). */
interface Ranked {
	readonly player: number;
	readonly card: { readonly color: Color; readonly value: number };
}

/** Which part of docs/rulings.md, Pass Pass 1 put a colour group above the next one. */
export const RANK_REASONS = ['total', 'highest-card', 'played-earlier'] as const;
export type RankReason = (typeof RANK_REASONS)[number];

export interface ColorGroup<P extends Ranked = TablePlay> {
	readonly color: Color;
	/** the group's plays, highest card first */
	readonly plays: readonly P[];
	readonly total: number;
	/** why this group ranks above the next group; null for the last group */
	readonly why: RankReason | null;
}

export interface TrickExplanation<P extends Ranked = TablePlay> {
	/** docs/rulings.md, Pass Pass 1: colour groups, best first */
	readonly groups: readonly ColorGroup<P>[];
	readonly first: number;
	readonly second: number;
	/** why the top group is on top ('only-color' when every card shares one colour) */
	readonly firstWhy: RankReason | 'only-color';
	/** docs/rulings.md, Pass Pass 3: the top group's second card, or the highest card of the next group */
	readonly secondWhy: 'second-card' | 'next-group';
}

/** Colour totals of the cards played so far (every colour present, 0 when absent). */
export function colorTotals(plays: readonly Ranked[]): Record<Color, number> {
	const totals = { purple: 0, blue: 0, green: 0, yellow: 0 };
	for (const play of plays) totals[play.card.color] += play.card.value;
	return totals;
}

/** docs/rulings.md, Pass Pass 1: rank by total, then by the higher single card, then by who played it first. */
function rankGroups<P extends Ranked>(plays: readonly P[]): ColorGroup<P>[] {
	const order = (play: P) => plays.indexOf(play);
	const groups = COLORS.map((color) => {
		const own = plays.filter((play) => play.card.color === color);
		own.sort((a, b) => b.card.value - a.card.value);
		return { color, plays: own, total: own.reduce((sum, play) => sum + play.card.value, 0) };
	}).filter((group) => group.plays.length > 0);
	groups.sort(
		(a, b) =>
			b.total - a.total ||
			b.plays[0].card.value - a.plays[0].card.value ||
			order(a.plays[0]) - order(b.plays[0])
	);
	return groups.map((group, index) => {
		const next = groups[index + 1];
		let why: RankReason | null = null;
		if (next && next.total !== group.total) why = 'total';
		else if (next && next.plays[0].card.value !== group.plays[0].card.value) why = 'highest-card';
		else if (next) why = 'played-earlier';
		return { ...group, why };
	});
}

/** docs/rulings.md, Pass Pass 1-3 on a trick assumed valid (the reducer checks first; see `checkPlays`). */
export function explainTrick<P extends Ranked>(plays: readonly P[]): TrickExplanation<P> {
	const groups = rankGroups(plays);
	const top = groups[0];
	const secondCard = top.plays.length > 1;
	return {
		groups,
		first: top.plays[0].player,
		second: secondCard ? top.plays[1].player : groups[1].plays[0].player,
		firstWhy: top.why ?? 'only-color',
		secondWhy: secondCard ? 'second-card' : 'next-group'
	};
}

/**
 * docs/rulings.md, Pass Pass 5: after the first take, the two lowest values left; where equal values make that
 * ambiguous, every choice among the tied cards. Cards come out lowest first, then table order.
 */
export function takesAfter<C extends Ranked['card']>(
	plays: readonly { readonly player: number; readonly card: C }[],
	firstPick: { color: Color; value: number }
): C[][] {
	const left = plays.map((play) => play.card).filter((card) => !sameCard(card, firstPick));
	left.sort((a, b) => a.value - b.value);
	const cut = left[1].value;
	const must = left.filter((card) => card.value < cut);
	const tied = left.filter((card) => card.value === cut);
	const takes: C[][] = [];
	if (must.length === 1) for (const card of tied) takes.push([must[0], card]);
	else
		for (let i = 0; i < tied.length; i++) {
			for (let j = i + 1; j < tied.length; j++) takes.push([tied[i], tied[j]]);
		}
	return takes;
}

/** Throws a readable Error unless the plays are a whole trick of 3 to 6 players (docs/contract.md). */
function checkPlays(plays: readonly Play[]): void {
	if (!Array.isArray(plays)) throw new Error('A trick is a list of plays.');
	if (plays.length < 3 || plays.length > 6) {
		throw new Error(`A trick has 3 to 6 plays, one per player; this one has ${plays.length}.`);
	}
	const players = new Set<number>();
	for (const play of plays) {
		const player = (play as Partial<Play> | null)?.player;
		if (!Number.isInteger(player) || (player as number) < 0) {
			throw new Error(`Players are numbered from 0; ${shown(player)} is not a player.`);
		}
		if (players.has(player as number))
			throw new Error(`Player ${player} plays twice in one trick.`);
		players.add(player as number);
	}
	checkCards(
		plays.map((play) => play.card),
		'trick'
	);
}

/** docs/contract.md: the first and second winners of a complete trick (docs/rulings.md, Pass Pass 1-3). */
export function resolveTrick(plays: Play[]): { first: number; second: number } {
	checkPlays(plays);
	const { first, second } = explainTrick(plays);
	return { first, second };
}

/** docs/contract.md: every 2-card take allowed to the second winner after `firstPick` (docs/rulings.md, Pass Pass 5). */
export function secondWinnerTakes(plays: Play[], firstPick: Card): Card[][] {
	checkPlays(plays);
	if (!plays.some((play) => firstPick && sameCard(play.card, firstPick))) {
		const name = firstPick ? cardKey(firstPick) : shown(firstPick);
		throw new Error(`The first winner must take a card of the trick; ${name} was not played.`);
	}
	return takesAfter(plays, firstPick);
}
