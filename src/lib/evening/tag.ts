/**
 * A match started from an evening's draw carries its evening in its config, as the way a table
 * enters does (match/entry-mode.ts), so every copy of the match says it: a group's version, a
 * backup, a hand-over, a table followed live (docs/evening.md, "One record"). A config without
 * it, or with one not of this shape, is a match of no evening.
 */
import * as v from 'valibot';
import { PasspadId } from '../wire/schemas';

/** Points by finishing place: the first's and the last's; places between are scaled (standings.ts). */
export const Scale = v.pipe(
	v.object({
		first: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
		last: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))
	}),
	v.check((scale) => scale.first >= scale.last, 'the first scores no less than the last')
);
export type Scale = v.InferOutput<typeof Scale>;

/** The default: 7 to the first, 1 to the last (docs/evening.md, "Standings"). */
export const DEFAULT_SCALE: Scale = { first: 7, last: 1 };

const Count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99));

export const EveningTag = v.object({
	/** the evening's id */
	id: PasspadId,
	/** the round and the table, from 1 as the screen says them */
	round: Count,
	table: Count,
	/** the evening's points, in every match, so the standings need nothing but the matches */
	scale: Scale
});
export type EveningTag = v.InferOutput<typeof EveningTag>;

/** The evening a match's config names, or null. */
export function eveningOf(config: unknown): EveningTag | null {
	const tag = (config as { evening?: unknown } | null)?.evening;
	if (tag === undefined) return null;
	const parsed = v.safeParse(EveningTag, tag);
	return parsed.success ? parsed.output : null;
}

export function withEvening<C extends object>(
	config: C,
	tag: EveningTag
): C & { evening: EveningTag } {
	return { ...config, evening: tag };
}
