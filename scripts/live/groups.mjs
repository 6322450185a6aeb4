// What a phone may ask of the server for a group (docs/group.md, "Requests"), read with plain
// checks: a request is untrusted bytes, and a bad one is answered `bad-request` before anything
// is made. Pure, so its test needs no server.
import { GROUP_ID, MATCH_ID, TABLE_ID } from '../../src/lib/live/names.js';

/** A request body is a few hundred bytes; anything larger is not a Passpad request. */
const MAX_REQUEST = 4096;
/** Words a person gives (a group's name, a phone's label, a seat's name): no control character. */
const WORDS = /^[^\p{Cc}]+$/u;
/** A member's or the board's user name (registry.mjs): the group's id, `-m` or `-b`, letters. */
const GROUP_USER = /^[a-z0-9]{6,24}-[mb][a-z0-9]{8}$/;
/** A game's id as the app spells it (letters and dashes): the board checks it against its games. */
const GAME = /^[a-z][a-z-]{0,23}$/;

/** @param {unknown} value @param {number} most */
const words = (value, most) =>
	typeof value === 'string' &&
	value.trim() === value &&
	value.length >= 1 &&
	value.length <= most &&
	WORDS.test(value);

/**
 * @typedef {{ what: 'group', name: string, label: string }
 *   | { what: 'invite', label: string }
 *   | { what: 'table', match: string, game: string, names: string[] }
 *   | { what: 'close', table: string }
 *   | { what: 'remove', user: string }} GroupRequest
 * @typedef {'bad-request' | 'unknown-group' | 'unknown-user' | 'unknown-table' | 'full' | 'failed'} GroupError
 */

/** The request kinds a member may send on its group's subjects. */
export const MEMBER_REQUESTS = /** @type {const} */ (['invite', 'table', 'close', 'remove']);

/**
 * Reads a request's body, or null when it is not one (then nothing is made).
 * @param {string} what the request's kind (its subject's last word)
 * @param {Uint8Array} bytes
 * @returns {GroupRequest | null}
 */
export function readGroupRequest(what, bytes) {
	if (bytes.length > MAX_REQUEST) return null;
	/** @type {Record<string, unknown>} */
	let body;
	try {
		body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
	} catch {
		return null;
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
	switch (what) {
		case 'group':
			return words(body.name, 60) && words(body.label, 60)
				? {
						what,
						name: /** @type {string} */ (body.name),
						label: /** @type {string} */ (body.label)
					}
				: null;
		case 'invite':
			return words(body.label, 60) ? { what, label: /** @type {string} */ (body.label) } : null;
		case 'table': {
			const { match, game, names } = body;
			if (typeof match !== 'string' || !MATCH_ID.test(match)) return null;
			if (typeof game !== 'string' || !GAME.test(game)) return null;
			if (!Array.isArray(names) || names.length < 1 || names.length > 12) return null;
			if (!names.every((name) => words(name, 40))) return null;
			return { what, match, game, names: /** @type {string[]} */ (names) };
		}
		case 'close':
			return typeof body.table === 'string' && TABLE_ID.test(body.table)
				? { what, table: body.table }
				: null;
		case 'remove':
			return typeof body.user === 'string' && GROUP_USER.test(body.user)
				? { what, user: body.user }
				: null;
		default:
			return null;
	}
}

/**
 * The group and the kind of a member's request from its subject
 * (`passpad.provision.g.<g>.<what>`), or null. The server's permissions already let only the
 * group's members publish there (config.mjs).
 * @param {string} subject
 */
export function groupRequestSubject(subject) {
	const [passpad, provision, g, group, what, ...rest] = subject.split('.');
	if (passpad !== 'passpad' || provision !== 'provision' || g !== 'g' || rest.length) return null;
	if (!GROUP_ID.test(group) || !MEMBER_REQUESTS.includes(/** @type {never} */ (what))) return null;
	return { group, what };
}

/**
 * A member as the group's stream records it (the server writes it: docs/group.md).
 * @param {string} user @param {string} label @param {boolean} removed @param {number} at
 */
export const memberRecord = (user, label, removed, at) => ({ v: 1, user, label, removed, at });

/**
 * A live table of the group as the board reads it (the server writes it: docs/group.md).
 * @param {string} table
 * @param {{ match?: string, game?: string, names?: string[] }} entry
 * @param {boolean} open @param {number} at
 */
export const tableRecord = (table, entry, open, at) => ({
	v: 1,
	table,
	match: entry.match,
	game: entry.game,
	names: entry.names,
	open,
	at
});
