/**
 * The schemas of what every message between phones and the server names: ids, names, times and
 * credentials, written once for the live wire (docs/live.md), the group's record and requests
 * (docs/group.md), links and backups. Their sizes are in limits.ts.
 */
import * as v from 'valibot';
import { isPasspadId } from './ids';
import { LABEL_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';

/** A name as kept: trimmed, spaces folded ("Léa  B " is "Léa B"). */
export function cleanName(name: string): string {
	return name.trim().replace(/\s+/g, ' ');
}

/** Names are one player whatever their case, accents kept, spaces folded. */
export function nameKey(name: string): string {
	return cleanName(name).toLocaleLowerCase();
}

/** A time on a phone's clock: whole milliseconds a Date can hold (±8.64e15), never before 1970. */
export const Time = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15));

/** The message of an id's check: a refusal says "an id Passpad never makes", not "damaged". */
export const BAD_ID = 'bad-id';

/** A player's or a match's id, in the one form Passpad makes (ids.ts). */
export const PasspadId = v.pipe(
	v.string(),
	v.check((id: string) => isPasspadId(id), BAD_ID)
);

/** A phone's id, or a live entry's: a random id each phone makes (live/protocol.ts's newId). */
export const PhoneId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,40}$/));

/** A player's name as a record keeps it: 1 to NAME_MAX_LENGTH characters, already clean. */
export const PlayerName = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(NAME_MAX_LENGTH),
	v.check((name) => name === cleanName(name), 'a name is kept trimmed')
);

/** A seat's name as the live wire carries it: trimmed on reading, as long as the roster allows. */
export const SeatName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(NAME_MAX_LENGTH));

/** Words a person types (a group's name, a phone's label, a seat's name): no control character. */
export const words = (most: number) =>
	v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(most), v.regex(/^[^\p{Cc}]+$/u));

/** A group's name or a phone's label in it. */
export const Label = words(LABEL_MAX_LENGTH);

/** A player's colour: a key of the palette (players/colours.ts), or none. */
export const ColourKey = v.pipe(v.string(), v.regex(/^[a-z-]{1,20}$/));

/** A credential's user name on the server (scripts/live/registry.mjs makes them). */
export const User = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/));
/** A credential's password: the server makes it, 16 to 64 URL-safe characters. */
export const Secret = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
/**
 * Another live server than the page's own origin, as a link names it: ws:// or wss://, no
 * space, control character, query or fragment (docs/live.md, "What a phone says").
 */
export const ServerAddress = v.pipe(
	v.string(),
	v.maxLength(300),
	v.regex(/^wss?:\/\/[^\s#?\p{Cc}]+$/u)
);
/** A group member's or its board's user name: the group's id, `-m` or `-b`, letters. */
export const GroupUser = v.pipe(v.string(), v.regex(/^[a-z0-9]{6,24}-[mb][a-z0-9]{8}$/));

export const Credential = v.object({ user: User, pass: Secret });
export type Credential = v.InferOutput<typeof Credential>;
