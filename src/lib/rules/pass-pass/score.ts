import type { Feat, Outcome, ScoreSheet } from '../common';
import { countPoints, countTicks } from './cards';
import { isOver } from './round';

export { teamTicksNow } from './round';
import { sidesOf } from './teams';
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

const sum = (rows: number[][], seat: number) => rows.reduce((total, row) => total + row[seat], 0);

export function totalTicks(state: PassPassState): number[] {
	const rows = ticksByRound(state);
	return Array.from({ length: state.players }, (_, seat) => sum(rows, seat));
}

export function totalPoints(state: PassPassState): number[] {
	const rows = pointsByRound(state);
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
 * totals (the current round counts once picked).
 */
export function sideTotals(state: PassPassState): { points: number[]; ticks: number[] } {
	if (state.config.teams === null) return { points: totalPoints(state), ticks: totalTicks(state) };
	const teams = sidesOf(state.config.teams, state.players).map((_, team) => team);
	const written = writtenByRound(state);
	const add = (team: number, field: 'points' | 'ticks') =>
		written.reduce((total, row) => total + (row[team]?.[field] ?? 0), 0);
	return { points: teams.map((t) => add(t, 'points')), ticks: teams.map((t) => add(t, 'ticks')) };
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

/** The score pad: a row a round, a column a side; team cells are the written member's points. */
export function sheet(state: PassPassState): ScoreSheet {
	const sides = sidesOf(state.config.teams, state.players).map((seats) => ({ seats }));
	const label = (at: number) => ({ code: 'sheet-round', params: { round: at + 1 } });
	const rows =
		state.config.teams === null
			? pointsByRound(state).map((cells, at) => ({ label: label(at), cells }))
			: writtenByRound(state).map((row, at) => ({
					label: label(at),
					cells: row.map((cell) => cell?.points ?? null)
				}));
	return { sides, rows, totals: sideTotals(state).points, lowerWins: false };
}

/**
 * What a finished match adds to each player's statistics: the ticks each seat earned over the
 * rounds, summed over matches. In team mode these are the member's own ticks, written or not.
 */
export const feats: readonly Feat<PassPassState, PassPassFeat>[] = [
	{ id: 'ticks', aggregate: 'sum', value: totalTicks }
];
