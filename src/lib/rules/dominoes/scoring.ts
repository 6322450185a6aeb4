import { clockwise, isSeat } from '../common';
import { checkLine, effectOfEnds, isTile, lineEnds, spots, tileKey, tileText } from './line';
import { BONEYARD_SIZE, HAND_SIZE, SEATS, type Tile } from './types';

/** docs/rulings.md, Pass-Pass: partners opposite, team 0 = seats 0 & 2, team 1 = seats 1 & 3. */
export function teamOf(seat: number): 0 | 1 {
	return seat % 2 === 0 ? 0 : 1;
}

/** The two partners of a team, facing each other: team 0 = seats 0 & 2, team 1 = seats 1 & 3. */
export function teamSeats(team: number): [number, number] {
	return [team, team + 2];
}

/**
 * docs/contract.md: the effect of the tile just played on this line (docs/rulings.md, Pass-Pass 1-5).
 * skip is false whenever again is true (docs/rulings.md, Pass-Pass 5).
 */
export function turnEffect(line: Tile[]): { sum: number; again: boolean; skip: boolean } {
	checkLine(line);
	const ends = lineEnds(line)!;
	const effect = effectOfEnds(ends);
	return { sum: ends.sum, again: effect === 'again', skip: effect === 'skip' };
}

/** docs/contract.md: who plays after `seat` (docs/rulings.md, Pass-Pass 3-5): again the same seat, skip the partner. */
export function nextSeat(seat: number, effect: { again: boolean; skip: boolean }): number {
	if (!isSeat(seat, SEATS)) throw new Error(`Seat must be 0, 1, 2 or 3, not ${String(seat)}.`);
	if (typeof effect?.again !== 'boolean' || typeof effect?.skip !== 'boolean') {
		throw new Error('The effect must say whether the turn is played again and whether it skips.');
	}
	if (effect.again) return seat; // docs/rulings.md, Pass-Pass 5: the bonus turn wins over the skip
	return clockwise(seat, SEATS, effect.skip ? 2 : 1);
}

/** docs/rulings.md, Pass-Pass 7, blocked: 1 point per tile left in each team's two hands. */
export function blockedPoints(handSizes: readonly number[]): [number, number] {
	return [handSizes[0] + handSizes[2], handSizes[1] + handSizes[3]];
}

/**
 * docs/contract.md: the deal's points [team 0, team 1] (docs/rulings.md, Pass-Pass 7). wentOut: the seat that played its
 * last tile (its team scores 0, the other the spots on both partners' tiles), or null when
 * the deal was blocked (1 per tile).
 */
export function dealPoints(hands: Tile[][], wentOut: number | null): [number, number] {
	checkHands(hands);
	if (wentOut === null) {
		const empty = hands.findIndex((hand) => hand.length === 0);
		if (empty >= 0) {
			throw new Error(
				`A blocked deal leaves tiles in every hand, but seat ${empty} has none: it went out.`
			);
		}
		return blockedPoints(hands.map((hand) => hand.length));
	}
	if (!isSeat(wentOut, SEATS)) {
		throw new Error(
			`The seat that went out must be 0..3 or null (blocked), not ${String(wentOut)}.`
		);
	}
	if (hands[wentOut].length > 0) {
		throw new Error(`Seat ${wentOut} went out, so its hand must be empty.`);
	}
	const losers = teamOf(wentOut) === 0 ? 1 : 0;
	const points = hands
		.filter((_, seat) => teamOf(seat) === losers)
		.reduce((sum, hand) => sum + hand.reduce((total, tile) => total + spots(tile), 0), 0);
	return losers === 0 ? [points, 0] : [0, points];
}

function checkHands(hands: unknown): asserts hands is Tile[][] {
	if (!Array.isArray(hands) || hands.length !== SEATS || !hands.every(Array.isArray)) {
		throw new Error('Give the tiles left for each of the 4 seats, one list per seat.');
	}
	const seen = new Set<string>();
	hands.forEach((hand: unknown[], seat) => {
		if (hand.length > HAND_SIZE + BONEYARD_SIZE) {
			throw new Error(`Seat ${seat} holds ${hand.length} tiles; a hand holds at most 10.`);
		}
		for (const tile of hand) {
			if (!isTile(tile)) {
				const text = Array.isArray(tile) ? `[${tileText(tile)}]` : String(tile);
				throw new Error(`Seat ${seat} holds ${text}, which is not a tile with halves 0..6.`);
			}
			const key = tileKey(tile);
			if (seen.has(key)) throw new Error(`Tile [${key}] is held twice; each tile is unique.`);
			seen.add(key);
		}
	});
}
