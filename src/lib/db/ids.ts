/**
 * The one form of id Passpad makes (players, matches): `crypto.randomUUID()`, a version 4 UUID
 * in lower case. An id from outside (a backup, a hand-over link, the live server) is used only
 * in this form: it becomes part of addresses (`/match/<id>`), where `..`, `/`, `?` or `#`
 * would lead to another page. No Dexie here, so any layer may check an id.
 */
const FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether a value is an id as Passpad makes them. */
export function isPasspadId(value: unknown): value is string {
	return typeof value === 'string' && FORM.test(value);
}

/** A new id, in the form isPasspadId checks. */
export function newId(): string {
	return crypto.randomUUID();
}
