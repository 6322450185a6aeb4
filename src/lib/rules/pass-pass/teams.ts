import { checkPlayers, isSeat, seatsOf, type Refusal } from '../common';
import { META } from './meta';
import {
	TEAM_LAYOUTS,
	type PassPassConfig,
	type PassPassConfigRefusal,
	type TeamLayout
} from './types';

/** docs/rulings.md, Pass Pass 11: how many players each layout seats and how many teams it makes. */
const LAYOUT_PLAYERS: Record<TeamLayout, number> = { '2x2': 4, '2x3': 6, '3x2': 6 };
const LAYOUT_TEAMS: Record<TeamLayout, number> = { '2x2': 2, '2x3': 2, '3x2': 3 };

/**
 * The sides that score: one seat each in individual mode; in team mode team t holds the seats
 * s with s % teams === t, so team-mates never sit side by side (docs/rulings.md, Pass Pass 11).
 */
export function sidesOf(teams: TeamLayout | null, players: number): number[][] {
	const seats = seatsOf(players);
	if (teams === null) return seats.map((seat) => [seat]);
	const count = LAYOUT_TEAMS[teams];
	return Array.from({ length: count }, (_, team) => seats.filter((seat) => seat % count === team));
}

/** Side index of a seat: the seat itself, or its team. */
export function sideOfSeat(teams: TeamLayout | null, seat: number): number {
	return teams === null ? seat : seat % LAYOUT_TEAMS[teams];
}

/** The layouts a table of this size may choose, individual first: those checkConfig accepts. */
export function layoutsFor(players: number): (TeamLayout | null)[] {
	return [null, ...TEAM_LAYOUTS].filter(
		(teams) => checkConfig({ start: 0, teams }, players) === null
	);
}

/** Individual for 3-5 players; 6 players play in teams, by default 2 teams of 3 (docs/rulings.md, Pass Pass 11). */
export function defaultConfig(players: number): PassPassConfig {
	return { start: 0, teams: layoutsFor(players)[0] ?? null };
}

/** Rulebook "For 3 to 6 players": individual 3-5, teams 4 or 6 (docs/rulings.md, Pass Pass 11 for the layouts). */
export function checkConfig(
	config: PassPassConfig,
	players: number
): Refusal<PassPassConfigRefusal> | null {
	const outside = checkPlayers(players, META.players);
	if (outside) return outside;
	if (!isSeat(config?.start, players)) return { code: 'bad-start' };
	const teams: unknown = config.teams;
	if (teams !== null && !(TEAM_LAYOUTS as readonly unknown[]).includes(teams)) {
		return { code: 'bad-teams' };
	}
	if (teams === null) return players === 6 ? { code: 'teams-required' } : null;
	const layout = teams as TeamLayout;
	if (LAYOUT_PLAYERS[layout] !== players) {
		return { code: 'teams-players', params: { layout, players: LAYOUT_PLAYERS[layout] } };
	}
	return null;
}
