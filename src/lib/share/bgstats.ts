/**
 * A finished match as a play for BG Stats. BG Stats takes a play from another
 * app through a link: createPlay.html?data= and the play as URL-encoded JSON, opened either
 * through its own scheme (bgstats://, the app) or its web address (which opens the app where
 * installed). Pure: the screen gives the match's fields, the seats' names and the result.
 */
import { ranks, type GameId, type PlayResult } from '$lib/rules/common';
import { joinNames } from '$lib/names-list';

// the places are the record's own (rules/common/places.ts), which the ratings read too
export { ranks, type PlayResult };

export const BG_STATS_APP = 'bgstats://app.bgstatsapp.com/createPlay.html';
export const BG_STATS_WEB = 'https://app.bgstatsapp.com/createPlay.html';

/**
 * The games' BoardGameGeek ids, only where a source states one plainly for that exact game: a
 * play then lands on the right game whatever its name. Without one the field is left out (never
 * 0) and BG Stats matches the game by name. None of the four has one yet: Passpad cannot reach
 * BoardGameGeek, and no page seen names the id of Funnyfox's Pass Pass, Viallet's Pass-Pass
 * (a pagat.com game, likely not listed there), the PASS with tokens or I'll Pass for certain.
 */
export const BGG_IDS: Readonly<Partial<Record<GameId, number>>> = {};

export interface PlayInput {
	readonly matchId: string;
	readonly game: GameId;
	/** the publisher's name of the game, as Passpad shows it */
	readonly gameName: string;
	/** when play began: written as the device's local time */
	readonly playedAt: Date;
	readonly playedMs: number;
	readonly notes: string;
	/** how the match was won and the figures that decided it (verdict.ts), a line each */
	readonly why?: readonly string[];
	readonly seats: readonly { readonly playerId: string; readonly name: string }[];
	/** the seat that started (led the first trick, played the first tile, ...), if known */
	readonly starter: number | null;
	readonly result: PlayResult;
}

export interface BgStatsPlayer {
	name: string;
	sourcePlayerId: string;
	score: number;
	winner: boolean;
	rank: number;
	startPlayer: boolean;
	role: string;
	team: string;
}

export interface BgStatsPlay {
	sourceName: string;
	sourcePlayId: string;
	playDate: string;
	durationMin: number;
	location: string;
	comments: string;
	game: {
		name: string;
		/** left out where the game's id is not known for certain (never 0) */
		bggId?: number;
		highestWins: boolean;
		noPoints: boolean;
		sourceGameId: string;
	};
	players: BgStatsPlayer[];
}

const two = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DD HH:MM:SS" in the device's local time, as BG Stats reads a play's date. */
export function playDate(date: Date): string {
	const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
	return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The play as BG Stats reads it. */
export function bgStatsPlay(input: PlayInput): BgStatsPlay {
	const { result } = input;
	const places = ranks(result);
	const teams = result.sides.some((side) => side.length > 1);
	const sideOf = (seat: number) => result.sides.findIndex((side) => side.includes(seat));
	// a team is named by its players, as the score sheet names it ("Ana and Cleo")
	const teamName = (side: number) =>
		joinNames(result.sides[side].map((seat) => input.seats[seat]?.name ?? ''));
	return {
		sourceName: 'Passpad',
		sourcePlayId: input.matchId,
		playDate: playDate(input.playedAt),
		durationMin: Math.round(input.playedMs / 60_000),
		location: '',
		// how it was won goes with the play: a third Pass Pass can win with 0 points each
		comments: [...(input.why ?? []), input.notes].filter(Boolean).join('\n'),
		game: {
			name: input.gameName,
			...(BGG_IDS[input.game] ? { bggId: BGG_IDS[input.game] } : {}),
			highestWins: !result.lowerWins,
			noPoints: false,
			sourceGameId: input.game
		},
		players: input.seats.map((seat, at) => {
			const side = sideOf(at);
			return {
				name: seat.name,
				sourcePlayerId: seat.playerId,
				score: result.totals[side],
				winner: result.winners.includes(side),
				rank: places[side],
				startPlayer: at === input.starter,
				role: '',
				team: teams ? teamName(side) : ''
			};
		})
	};
}

/** The links that hand the play to BG Stats: the app's own, and the web one as a fallback. */
export function bgStatsLinks(input: PlayInput): { app: string; web: string } {
	const data = encodeURIComponent(JSON.stringify(bgStatsPlay(input)));
	return { app: `${BG_STATS_APP}?data=${data}`, web: `${BG_STATS_WEB}?data=${data}` };
}

/**
 * Who started the match, from its setup or its first action: Pass Pass and I'll Pass name the
 * starting seat at setup; the dominoes and PASS either at setup or with a first `start`.
 */
export function starterOf(
	game: GameId,
	config: unknown,
	actions: readonly unknown[]
): number | null {
	const setup = (config ?? {}) as { start?: unknown; starter?: unknown };
	const seat = (value: unknown) => (typeof value === 'number' ? value : null);
	switch (game) {
		case 'pass-pass':
		case 'ill-pass':
			return seat(setup.start);
		case 'dominoes':
		case 'climbing': {
			if (seat(setup.starter) !== null) return seat(setup.starter);
			const first = actions[0] as { type?: unknown; seat?: unknown } | undefined;
			return first?.type === 'start' ? seat(first.seat) : null;
		}
	}
}
