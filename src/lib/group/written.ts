/**
 * What every version of a group's thing carries (docs/group.md, "One stream per group"): the
 * wire's version, the thing's id, who wrote it and when, and the version it contests.
 */
import * as v from 'valibot';
import { PasspadId as Id, PhoneId as Phone, Time } from '$lib/wire/schemas';

/** The wire's version: a phone refuses a version it does not know, rather than guess. */
export const RECORD_VERSION = 1;

export const Written = {
	v: v.literal(RECORD_VERSION),
	id: Id,
	/** the phone that wrote it */
	by: Phone,
	/** when, on the writer's clock */
	at: Time,
	/**
	 * written over the group's version at this sequence without agreeing with it (a conflict
	 * its writer saw): every phone shows both until a person settles (docs/group.md)
	 */
	contest: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null)
};
