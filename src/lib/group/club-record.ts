/**
 * The club's things in a group's record (docs/evening.md, docs/ratings.md; docs/wire.md, "Where
 * it is stored"): the group's settings (ratings on or off) on the one subject `settings`, and
 * each evening's definition (who came, the games, the rounds drawn with their swaps, the
 * points) on `evening.<id>`. They travel as a player does, whole, each version over the one
 * before (docs/group.md, "Every write says what it replaces"). Pure: no Dexie, no network.
 */
import * as v from 'valibot';
import type { EveningRow } from '$lib/db/schema';
import { GAME_IDS } from '$lib/rules/common';
import { Scale } from '$lib/evening/tag';
import { isPasspadId } from '$lib/wire/ids';
import { NAME_MAX_LENGTH } from '$lib/wire/limits';
import { GROUP_ID } from '$lib/wire/names.js';
import { PasspadId, PlayerName, Time } from '$lib/wire/schemas';
import { Written } from './written';

/** The most players an evening names, rounds it plans, tables a round has. */
export const EVENING_PLAYERS = 200;
export const EVENING_ROUNDS = 12;
const EVENING_TABLES = 70;

/** The group's settings: one version for the whole group, its id the group's. */
export const SettingsVersion = v.object({
	...Written,
	id: v.pipe(v.string(), v.regex(GROUP_ID)),
	kind: v.literal('settings'),
	/** ratings shown for the group's record on every member's phone and the board */
	ratings: v.boolean()
});
export type SettingsVersion = v.InferOutput<typeof SettingsVersion>;

/** A player of an evening: a roster player's id, or `guest:<name>` (evening/evening.ts). */
const Key = v.pipe(
	v.string(),
	v.maxLength('guest:'.length + NAME_MAX_LENGTH),
	v.check(
		(key: string) => key.length > 'guest:'.length && (key.startsWith('guest:') || isPasspadId(key)),
		'a roster id or a guest'
	)
);
const Keys = (max: number) => v.pipe(v.array(Key), v.maxLength(max));

const Table = v.object({
	seats: v.pipe(Keys(6), v.minLength(1)),
	start: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5)),
	match: v.nullable(PasspadId)
});

const Round = v.object({
	game: v.picklist(GAME_IDS),
	out: Keys(EVENING_PLAYERS),
	tables: v.pipe(v.array(Table), v.maxLength(EVENING_TABLES))
});

/** An evening's definition, whole. */
export const EveningVersion = v.object({
	...Written,
	kind: v.literal('evening'),
	createdAt: Time,
	seed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)),
	rounds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(EVENING_ROUNDS)),
	game: v.picklist(GAME_IDS),
	scale: Scale,
	players: v.pipe(v.array(v.object({ key: Key, name: PlayerName })), v.maxLength(EVENING_PLAYERS)),
	present: Keys(EVENING_PLAYERS),
	drawn: v.pipe(v.array(Round), v.maxLength(EVENING_ROUNDS))
});
export type EveningVersion = v.InferOutput<typeof EveningVersion>;

type Stamp = Pick<EveningVersion, 'v' | 'id' | 'by' | 'at' | 'contest'>;

/** An evening kept here as the group's version of it. */
export function eveningVersion(row: EveningRow, stamp: Stamp): EveningVersion {
	return {
		...stamp,
		kind: 'evening',
		createdAt: row.createdAt,
		seed: row.seed,
		rounds: row.rounds,
		game: row.game,
		scale: { first: row.scale.first, last: row.scale.last },
		players: row.players.map(({ key, name }) => ({ key, name })),
		present: [...row.present],
		drawn: row.drawn.map((round) => ({
			game: round.game,
			out: [...round.out],
			tables: round.tables.map(({ seats, start, match }) => ({ seats: [...seats], start, match }))
		}))
	};
}

/** The group's version of an evening as the row this phone keeps. */
export function eveningRow(version: EveningVersion, group: string): EveningRow {
	return {
		id: version.id,
		group,
		createdAt: version.createdAt,
		updatedAt: version.at,
		seed: version.seed,
		rounds: version.rounds,
		game: version.game,
		scale: version.scale,
		players: version.players,
		present: version.present,
		drawn: version.drawn
	};
}
