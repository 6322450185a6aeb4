import type { Feat, Outcome, ScoreSheet } from '../common';
import { countPoints, countTicks } from './cards';
import { isOver, teamTicksNow } from './round';

export { teamTicksNow } from './round';
import { sideOfSeat, sidesOf } from './teams';
import type { PassPassFeat, PassPassState } from './types';

/** A team's line for one round: the member written and their points and ticks (docs/rulings.md, Pass Pass 11). */
export interface Written {
	readonly seat: number;
	readonly points: number;
	readonly ticks: number;
}

/** docs/rulings.md, Pass Pass 7: ticks per round per seat, live for the current round: [round][seat]. */
export function ticksByRound(state: PassPassState): number[][] {
	return state.rounds.map((round) => round.won.map(countTicks));
}

/** docs/rulings.md, Pass Pass 9: points per round per seat, live for the current round: [round][seat]. */
export function pointsByRound(state: PassPassState): number[][] {
	return state.rounds.map((round) => round.won.map(countPoints));
}

/**
 * docs/rulings.md, Pass Pass 8: the round a third tick ended (always the last one started), whose points nobody
 * counts; null when the match was not won that way.
 */
export function instantWinRound(state: PassPassState): number | null {
	return state.winner === null ? null : state.rounds.length - 1;
}

/**
 * The points each round counts, [round][seat]: as pointsByRound, but the round of an instant win
 * counts none (docs/rulings.md, Pass Pass 8), its cells null. Every total, the sheet and the kept result read
 * these; pointsByRound stays what the cards won are worth, to show what happened.
 */
export function countedPointsByRound(state: PassPassState): (number | null)[][] {
	const voided = instantWinRound(state);
	return pointsByRound(state).map((row, at) => (at === voided ? row.map(() => null) : row));
}

const sum = (rows: readonly (readonly (number | null)[])[], seat: number) =>
	rows.reduce((total, row) => total + (row[seat] ?? 0), 0);

export function totalTicks(state: PassPassState): number[] {
	const rows = ticksByRound(state);
	return Array.from({ length: state.players }, (_, seat) => sum(rows, seat));
}

/** docs/rulings.md, Pass Pass 8, 9: the points counted over the rounds, the round of an instant win left out. */
export function totalPoints(state: PassPassState): number[] {
	const rows = countedPointsByRound(state);
	return Array.from({ length: state.players }, (_, seat) => sum(rows, seat));
}

/** Team mode: [round][team] the written member's values, null until the team picks. */
export function writtenByRound(state: PassPassState): (Written | null)[][] {
	const ticks = ticksByRound(state);
	const points = pointsByRound(state);
	return state.rounds.map((round, at) =>
		round.picks.map((seat) =>
			seat === null ? null : { seat, points: points[at][seat], ticks: ticks[at][seat] }
		)
	);
}

/**
 * Team mode, the round a third tick ended (docs/rulings.md, Pass Pass 8, 11): per team, the member whose ticks
 * count toward the win (most ticks, then most points, then lower seat), with what their cards
 * were worth, shown as not counted; empty when the match did not end that way.
 */
export function instantWinLines(state: PassPassState): Written[] {
	const round = instantWinRound(state);
	if (round === null || state.config.teams === null) return [];
	const ticks = ticksByRound(state)[round];
	const points = pointsByRound(state)[round];
	return sidesOf(state.config.teams, state.players).map((members) => {
		const [seat] = [...members].sort(
			(a, b) => ticks[b] - ticks[a] || points[b] - points[a] || a - b
		);
		return { seat, points: points[seat], ticks: ticks[seat] };
	});
}

/** docs/rulings.md, Pass Pass 11: the member to suggest writing: most points, then most ticks, then lower seat. */
export function suggestedPick(state: PassPassState, team: number, round = state.rounds.length - 1) {
	const members = sidesOf(state.config.teams, state.players)[team] ?? [];
	const points = pointsByRound(state)[round] ?? [];
	const ticks = ticksByRound(state)[round] ?? [];
	const best = [...members].sort((a, b) => points[b] - points[a] || ticks[b] - ticks[a] || a - b);
	return best[0] ?? null;
}

/**
 * What each side has toward victory: seats' totals in individual mode; in team mode the written
 * totals (the current round counts once picked). A team won by a third tick has the ticks that
 * won it: those written plus its member's this round (docs/rulings.md, Pass Pass 11), never its points.
 */
export function sideTotals(state: PassPassState): { points: number[]; ticks: number[] } {
	if (state.config.teams === null) return { points: totalPoints(state), ticks: totalTicks(state) };
	const teams = sidesOf(state.config.teams, state.players).map((_, team) => team);
	const written = writtenByRound(state);
	const add = (team: number, field: 'points' | 'ticks') =>
		written.reduce((total, row) => total + (row[team]?.[field] ?? 0), 0);
	const ticks = state.winner === null ? teams.map((t) => add(t, 'ticks')) : teamTicksNow(state);
	return { points: teams.map((t) => add(t, 'points')), ticks };
}

/** docs/rulings.md, Pass Pass 10: most points, then most ticks; a tie on both is a shared victory. */
export function standing(state: PassPassState) {
	const { points, ticks } = sideTotals(state);
	const rows = points.map((value, side) => ({ side, points: value, ticks: ticks[side] }));
	rows.sort((a, b) => b.points - a.points || b.ticks - a.ticks || a.side - b.side);
	return rows.map((row) => ({
		...row,
		place: rows.findIndex((other) => other.points === row.points && other.ticks === row.ticks) + 1
	}));
}

/** Winners are side indexes: seats in individual mode, teams in team mode. */
export function outcome(state: PassPassState): Outcome | null {
	if (!isOver(state)) return null;
	if (state.winner !== null)
		return { winners: [state.winner], shared: false, reason: 'third-tick' };
	const rows = standing(state);
	const best = rows.filter((row) => row.place === 1);
	const onPoints = rows.filter((row) => row.points === rows[0].points).length === 1;
	const reason = best.length > 1 ? 'shared' : onPoints ? 'points' : 'ticks';
	return { winners: best.map((row) => row.side), shared: best.length > 1, reason };
}

/**
 * The score pad: a row a round, a column a side; team cells are the written member's points. The
 * round of an instant win is a row of its own words and no points (docs/rulings.md, Pass Pass 8).
 */
export function sheet(state: PassPassState): ScoreSheet {
	const sides = sidesOf(state.config.teams, state.players).map((seats) => ({ seats }));
	const voided = instantWinRound(state);
	const label = (at: number) => ({
		code: at === voided ? 'sheet-round-void' : 'sheet-round',
		params: { round: at + 1 }
	});
	const rows =
		state.config.teams === null
			? countedPointsByRound(state).map((cells, at) => ({ label: label(at), cells }))
			: writtenByRound(state).map((row, at) => ({
					label: label(at),
					cells: row.map((cell) => cell?.points ?? null)
				}));
	return { sides, rows, totals: sideTotals(state).points, lowerWins: false };
}

/** Team mode: each seat's team's ticks (sideTotals), the same for every member; none in individual mode. */
export function teamTicksBySeat(state: PassPassState): number[] {
	if (state.config.teams === null) return [];
	const { ticks } = sideTotals(state);
	return Array.from(
		{ length: state.players },
		(_, seat) => ticks[sideOfSeat(state.config.teams, seat)]
	);
}

/**
 * What a finished match adds to each player's statistics: the ticks each seat earned over the
 * rounds, summed over matches. In team mode these are the member's own ticks, written or not;
 * `team-ticks` are the team's, written (docs/rulings.md, Pass Pass 11), what the match's record shows.
 */
export const feats: readonly Feat<PassPassState, PassPassFeat>[] = [
	{ id: 'ticks', aggregate: 'sum', value: totalTicks },
	{ id: 'team-ticks', aggregate: 'sum', value: teamTicksBySeat }
];
