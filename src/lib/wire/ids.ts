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

/**
 * A new id, in the form isPasspadId checks. `crypto.randomUUID` exists only in a secure context
 * (HTTPS or localhost); a phone that opens the table's server by its address on the wifi
 * (`http://192.168.…`) has `getRandomValues` alone, so the same form is made from it.
 */
export function newId(): string {
	if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
	bytes[8] = (bytes[8] & 0x3f) | 0x80; // the RFC 4122 variant
	const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
