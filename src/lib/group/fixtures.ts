// What the group's tests share (docs/group.md, "On the phone: the wire"): a club's versions as a
// member's phone writes them, its players and finished I'll Pass matches from the game's own
// simulator. Relative imports: the browser tests load it too.
import { seeded } from '../rules/common/random';
import { randomGame } from '../rules/ill-pass/simulate';
import type { KeptMatch, Stamp } from './record';
import type { SealEntry } from '../wire/entry';
import { newId } from '../wire/ids';

/** A seat as a group's match names it: the group's player and the name on the sheet. */
export interface ClubSeat {
	player: string;
	name: string;
}

/** The stamp a phone `by` puts on its first version of a thing (nothing contested). */
export function firstStamp(by: string, id: string, at: number): Stamp {
	return { v: 1, id, by, at, contest: null };
}

/** A player of the club, first version. */
export function playerVersion(by: string, seat: ClubSeat, at: number) {
	return {
		...firstStamp(by, seat.player, at),
		kind: 'player' as const,
		name: seat.name,
		colour: null,
		hidden: false,
		mergedInto: null
	};
}

/**
 * A finished I'll Pass match of `seats` (three), the simulator's game of `seed`: begun at `at`,
 * one millisecond an action, last played `span` after `at`.
 */
export function illPassVersion(
	by: string,
	id: string,
	seats: readonly ClubSeat[],
	{ seed, at, span }: { seed: number; at: number; span: number }
): KeptMatch {
	const game = randomGame(seeded(seed), 3);
	return {
		...firstStamp(by, id, at),
		kind: 'match',
		deleted: false,
		game: 'ill-pass',
		config: game.config,
		seats: [...seats],
		notes: '',
		playedMs: 60_000,
		playedByHand: false,
		abandonedAt: null,
		createdAt: at,
		updatedAt: at + span,
		log: game.actions.map((action, step) => ({ action, at: at + step }))
	};
}

/**
 * The seal phone `by` (its owner `pen`) writes of `said`, a finished match, as group/seal-of.ts
 * builds it from the match's row and log, after an entry of the group's.
 */
export function sealOfVersion(said: KeptMatch, by: string, pen: string): SealEntry {
	return {
		v: 1,
		id: `seal-${newId()}`,
		match: said.id,
		pos: said.log.length + 1,
		prev: `entry-${newId()}`,
		by,
		at: said.updatedAt + 1,
		change: {
			kind: 'seal',
			start: {
				kind: 'start',
				game: said.game,
				config: said.config,
				names: said.seats.map((seat) => seat.name),
				createdAt: said.createdAt,
				pen,
				players: said.seats.map((seat) => seat.player)
			},
			players: said.seats.map((seat) => seat.player),
			playedByHand: said.playedByHand,
			log: said.log.map(({ action, at }) => ({ action: action as { type: string }, at })),
			notes: said.notes,
			playedMs: said.playedMs,
			updatedAt: said.updatedAt,
			abandoned: false
		}
	};
}
