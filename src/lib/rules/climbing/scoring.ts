import { CROWNS_TO_WIN, HAND_SIZE, POINTS_TO_WIN, type GameRecord, type Mode } from './types';

function checkGameEnd(cardsLeft: number[], winner: number): void {
	if (!Array.isArray(cardsLeft) || cardsLeft.length < 2 || cardsLeft.length > 5) {
		throw new Error('Cards left must be a list with one count per seat, for 2 to 5 players.');
	}
	if (!Number.isInteger(winner) || winner < 0 || winner >= cardsLeft.length) {
		throw new Error(`The winner must be a seat from 0 to ${cardsLeft.length - 1}, not ${winner}.`);
	}
	cardsLeft.forEach((cards, seat) => {
		if (!Number.isInteger(cards) || cards < 0 || cards > HAND_SIZE) {
			throw new Error(`Seat ${seat} cannot have ${cards} cards left; a hand holds 0 to 13.`);
		}
		if (seat === winner && cards !== 0) {
			throw new Error(`The winner went out, so seat ${seat} has 0 cards left, not ${cards}.`);
		}
		if (seat !== winner && cards === 0) {
			throw new Error(`Only the winner goes out: the game ended before seat ${seat} did.`);
		}
	});
}

/**
 * docs/rulings.md, PASS 9, advanced: 4 points to the winner, 2 to the fewest cards left, 1 to the second
 * fewest; on equal cards the seat closer clockwise to the winner ranks first.
 */
export function advancedPoints(cardsLeft: number[], winner: number): number[] {
	checkGameEnd(cardsLeft, winner);
	const players = cardsLeft.length;
	const distance = (seat: number) => (seat - winner + players) % players;
	const others = cardsLeft
		.map((cards, seat) => ({ cards, seat }))
		.filter((row) => row.seat !== winner)
		.sort((a, b) => a.cards - b.cards || distance(a.seat) - distance(b.seat));
	const points = cardsLeft.map(() => 0);
	points[winner] = 4;
	others.slice(0, 2).forEach((row, place) => (points[row.seat] = place === 0 ? 2 : 1));
	return points;
}

/** docs/rulings.md, PASS 9: what one game awards per seat: a crown to the winner, or 4/2/1 points. */
export function gameAward(mode: Mode, cardsLeft: number[], winner: number): number[] {
	if (mode === 'advanced') return advancedPoints(cardsLeft, winner);
	checkGameEnd(cardsLeft, winner);
	return cardsLeft.map((_, seat) => (seat === winner ? 1 : 0));
}

/** Crowns (basic) or points (advanced) per seat over the finished games. */
export function matchTotals(games: readonly GameRecord[], players: number): number[] {
	const totals = Array.from({ length: players }, () => 0);
	for (const game of games) game.awarded.forEach((value, seat) => (totals[seat] += value));
	return totals;
}

export function target(mode: Mode): number {
	return mode === 'advanced' ? POINTS_TO_WIN : CROWNS_TO_WIN;
}

/**
 * Why the match winner won (docs/rulings.md, PASS 9): 'target' when one seat alone reached the target;
 * when two or more reached 10 in the same game: 'more-points', else (equal points) 'game-winner'
 * when the game's winner is among them, else 'closer' clockwise to the game's winner.
 */
export type WinReason = 'target' | 'more-points' | 'game-winner' | 'closer';

export interface MatchDecision {
	readonly winner: number;
	readonly why: WinReason;
	/** every seat that reached the target in the deciding game, the winner first */
	readonly reached: readonly number[];
}

/** docs/rulings.md, PASS 9: who won the match and why, or null while nobody has reached the target. */
export function matchDecision(
	mode: Mode,
	games: readonly GameRecord[],
	players: number
): MatchDecision | null {
	const goal = target(mode);
	const totals = Array.from({ length: players }, () => 0);
	for (const game of games) {
		game.awarded.forEach((value, seat) => (totals[seat] += value));
		const reached = totals.flatMap((total, seat) => (total >= goal ? [seat] : []));
		if (reached.length === 0) continue;
		const distance = (seat: number) => (seat - game.winner + players) % players;
		// more points first; equal points: the game's winner (distance 0), then clockwise from it
		const ranked = [...reached].sort((a, b) => totals[b] - totals[a] || distance(a) - distance(b));
		const [winner, next] = ranked;
		const why: WinReason =
			next === undefined
				? 'target'
				: totals[winner] > totals[next]
					? 'more-points'
					: winner === game.winner
						? 'game-winner'
						: 'closer';
		return { winner, why, reached: ranked };
	}
	return null;
}

/** docs/rulings.md, PASS 9: the seat that won the match, or null (see matchDecision for why). */
export function matchWinner(
	mode: Mode,
	games: readonly GameRecord[],
	players: number
): number | null {
	return matchDecision(mode, games, players)?.winner ?? null;
}
