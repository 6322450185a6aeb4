/**
 * The board's reader of the group's record, for the club beside the open tables
 * (docs/evening.md, "The board"; docs/ratings.md, "Where it shows"): newest version of each
 * thing first, then every new one, as the tables' reader does (board.svelte.ts). The evening's
 * standings from the matches of evenings; the group's ratings per game when its `settings` say
 * so, openskill loaded only then. The board's credential may read the whole group stream
 * (docs/group.md, "Credentials"); it keeps nothing on the device.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { readings } from '$lib/live/ordered';
import { readVersion } from '$lib/group/record';
import type { Standing } from '$lib/evening/standings';
import { GAME_IDS, type GameId } from '$lib/rules/common';
import { groupStreamOf, groupSubjectsOf } from '$lib/wire/names.js';
import { ClubRecord } from './club';

/** One line of a game's leaderboard on the board. */
export interface BoardRating {
	readonly player: string;
	readonly name: string;
	readonly rating: number;
	readonly provisional: boolean;
	readonly played: number;
}

/** Tonight's round as the board shows it: the draw every member's phone shows. */
export interface BoardRound {
	readonly createdAt: number;
	readonly round: number;
	readonly rounds: number;
	readonly game: GameId;
	readonly tables: readonly { readonly names: readonly string[]; readonly start: number }[];
	readonly out: readonly string[];
}

/** The most players a game's leaderboard shows across the room. */
export const LEADERS = 8;

export class BoardStandings {
	/** the newest evening's standings; empty while no match of an evening was read */
	rows = $state.raw<Standing[]>([]);
	/** tonight's round, from the evening's definition the group shares; null before one */
	round = $state.raw<BoardRound | null>(null);
	/** the group's leaderboards, a game each; empty while the group does not rate its record */
	ratings = $state.raw<{ game: GameId; rows: BoardRating[] }[]>([]);
	#record = new ClubRecord();
	#reading: ConsumerMessages | null = null;
	#closed = false;
	#counted = false;
	#counting: Promise<void> = Promise.resolve();

	async read(nc: NatsConnection, group: string) {
		const js = jetstream(nc, { timeout: 5_000 });
		// the whole stream afresh after each break, one filter (nats-server 2.9 takes one): the
		// tables' and members' subjects are read and passed over
		const reads = readings(js, {
			stream: groupStreamOf(group),
			filter: groupSubjectsOf(group),
			after: () => 0,
			closed: () => this.#closed
		});
		for await (const { messages } of reads) {
			this.#reading = messages;
			let moved = false;
			for await (const message of messages) {
				const read = readVersion(message.data);
				moved = (read.ok && this.#record.take(read.version)) || moved;
				if (this.#record.reread) {
					// the ratings came on after matches were passed over: the record read again
					this.#record.reread = false;
					messages.stop();
					break;
				}
				// counted once the catch-up is read, then at each change
				if (message.info.pending === 0 && (moved || !this.#counted)) {
					moved = false;
					this.#count();
				}
			}
			this.#reading = null;
		}
	}

	#count() {
		this.#counted = true;
		const record = this.#record;
		const tonight = record.tonight();
		this.rows = record.evenings.standings(tonight?.id);
		const last = tonight?.drawn.at(-1);
		if (tonight && last) {
			const name = (key: string) =>
				tonight.players.find((player) => player.key === key)?.name ?? '';
			this.round = {
				createdAt: tonight.createdAt,
				round: tonight.drawn.length,
				rounds: tonight.rounds,
				game: last.game,
				tables: last.tables.map((table) => ({ names: table.seats.map(name), start: table.start })),
				out: last.out.map(name)
			};
		} else this.round = null;
		this.#counting = this.#counting.then(async () => {
			if (!record.ratings) {
				this.ratings = [];
				return;
			}
			const { rateRecord, standings } = await import('$lib/ratings/rate');
			const rated = rateRecord(record.rated());
			const games = GAME_IDS.filter((game) => rated.has(game));
			this.ratings = games.map((game) => ({
				game,
				rows: standings(rated.get(game)!)
					.slice(0, LEADERS)
					.map((row) => ({
						player: row.playerId,
						name: record.nameOf(row.playerId),
						rating: row.rating,
						provisional: row.provisional,
						played: row.played
					}))
			}));
		});
	}

	stop() {
		this.#closed = true;
		this.#reading?.stop();
	}
}
