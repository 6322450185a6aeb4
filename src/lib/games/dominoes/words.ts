import { m } from '$lib/paraglide/messages';
import { sideName } from '$lib/match/summary';

/** RULINGS Pass-Pass: team A = seats 1 & 3 (0 and 2 in code), team B = seats 2 & 4. */
export function teamSeats(team: number): number[] {
	return [team, team + 2];
}

/** The players of a team, as the score sheet names them: "Ana & Cleo". */
export function teamName(team: number, names: readonly string[]): string {
	return sideName(teamSeats(team), names);
}

export function teamLetter(team: number): string {
	return team === 0 ? m.dom_team_a() : m.dom_team_b();
}
