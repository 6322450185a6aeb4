/**
 * A match handed to another phone: its setup, log, seat names, note and time
 * played, packed into the fragment of a link (`<origin>/take#…`), so nothing is sent anywhere:
 * the phone's camera reads the QR code, the link opens Passpad, and the match is imported
 * through the same proof as a backup (src/lib/db/handover.ts).
 *
 * The wire: the match as a compact JSON array, deflated (the browser's own CompressionStream),
 * then written in 43 letters that a QR code stores in its alphanumeric mode (5.5 bits a letter,
 * against 8 for base64 in byte mode: a third more fits in the same code), and a check letter.
 * Pure apart from the compression streams, which browsers and Node 20 both have.
 */
import type { GameId } from '$lib/rules/common';
import { MAX_HANDOVER_BYTES } from '$lib/wire/limits';

/** The layout of the packed array; a link of another layout is refused as unreadable. */
const LAYOUT = 1;
/** The first letter of every payload: which wire this is (this file's). */
const WIRE = '1';
/**
 * Times travel to the minute: they serve only to measure the time played again (played.ts),
 * and rounding each time, not each gap, keeps a sitting's length right to the minute. To the
 * second they would cost a fifth of the link.
 */
const TICK = 60_000;

/** The QR alphanumeric letters less space and %, which a link would have to escape. */
const LETTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*+-./:';
const BASE = LETTERS.length; // 43: 43³ > 65536, so two bytes fit three letters
/** The check letter is a digit or capital, so the link never ends in a sign a chat drops. */
const CHECK = 36;

/** Everything the other phone needs to go on with a match. */
export interface HandedMatch {
	id: string;
	game: GameId;
	config: unknown;
	/** the seats' names, in seat order */
	names: string[];
	notes: string;
	playedMs: number;
	playedByHand: boolean;
	createdAt: number;
	/** the log; times travel to the minute */
	log: { action: unknown; at: number }[];
}

/** A link that is not a whole hand-over (cut short, mistyped, another app's). */
export class HandoverUnreadable extends Error {
	constructor(reason: string) {
		super(`Hand-over link unreadable: ${reason}`);
		this.name = 'HandoverUnreadable';
	}
}

async function through(bytes: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
	const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
	const reader = body.getReader();
	const parts: Uint8Array[] = [];
	let length = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		length += value.length;
		// a decompression bomb stops here, long before it fills the memory
		if (length > MAX_HANDOVER_BYTES) {
			await reader.cancel();
			throw new HandoverUnreadable('too large');
		}
		parts.push(value);
	}
	const out = new Uint8Array(length);
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

/** Bytes as letters: each two bytes as three letters, a last odd byte as two. */
export function toLetters(bytes: Uint8Array): string {
	let text = '';
	for (let at = 0; at < bytes.length; at += 2) {
		const pair = at + 1 < bytes.length;
		let value = pair ? bytes[at] * 256 + bytes[at + 1] : bytes[at];
		for (let digit = 0; digit < (pair ? 3 : 2); digit++) {
			text += LETTERS[value % BASE];
			value = Math.floor(value / BASE);
		}
	}
	return text;
}

export function fromLetters(text: string): Uint8Array {
	if (text.length % 3 === 1) throw new HandoverUnreadable('cut short');
	const bytes = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
	let out = 0;
	for (let at = 0; at < text.length; at += 3) {
		const group = text.slice(at, at + 3);
		let value = 0;
		for (let digit = group.length - 1; digit >= 0; digit--) {
			const letter = LETTERS.indexOf(group[digit]);
			if (letter < 0) throw new HandoverUnreadable('not a hand-over letter');
			value = value * BASE + letter;
		}
		if (group.length === 3) {
			if (value > 0xffff) throw new HandoverUnreadable('not a hand-over letter');
			[bytes[out++], bytes[out++]] = [value >> 8, value & 0xff];
		} else {
			if (value > 0xff) throw new HandoverUnreadable('not a hand-over letter');
			bytes[out++] = value;
		}
	}
	return bytes;
}

/** A letter that changes with any letter changed, moved or cut off. */
function checkLetter(text: string): string {
	let sum = 0;
	for (let at = 0; at < text.length; at++) {
		sum = (sum * 31 + LETTERS.indexOf(text[at]) + 1) % 1_000_003;
	}
	return LETTERS[sum % CHECK];
}

/** The match packed for the link's fragment: letters only, nothing to escape. */
export async function encodeHandover(match: HandedMatch): Promise<string> {
	// times in minutes, each after the one before: small numbers that pack well
	let tick = Math.round(match.createdAt / TICK);
	const steps = match.log.map((entry) => {
		const at = Math.round(entry.at / TICK);
		const step = Math.max(0, at - tick);
		tick += step;
		return step;
	});
	const packed = [
		LAYOUT,
		match.id,
		match.game,
		match.config,
		match.names,
		match.notes,
		match.playedMs,
		match.playedByHand ? 1 : 0,
		match.createdAt,
		steps,
		match.log.map((entry) => entry.action)
	];
	const json = new TextEncoder().encode(JSON.stringify(packed));
	const body = WIRE + toLetters(await through(json, new CompressionStream('deflate-raw')));
	return body + checkLetter(body);
}

/** The link the other phone opens: this Passpad's address, the match in the fragment. */
export function handoverLink(origin: string, payload: string): string {
	return `${origin}/take#${payload}`;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
	typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The match from a link's fragment (with or without its '#'); throws HandoverUnreadable. */
export async function decodeHandover(fragment: string): Promise<HandedMatch> {
	const text = fragment.replace(/^#/, '').trim().toUpperCase();
	const [body, check] = [text.slice(0, -1), text.slice(-1)];
	if (!body.startsWith(WIRE)) throw new HandoverUnreadable('not a hand-over');
	if (checkLetter(body) !== check) throw new HandoverUnreadable('damaged or cut short');
	let packed: unknown;
	try {
		const json = await through(
			fromLetters(body.slice(WIRE.length)),
			new DecompressionStream('deflate-raw')
		);
		packed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
	} catch (error) {
		if (error instanceof HandoverUnreadable) throw error;
		throw new HandoverUnreadable('does not unpack');
	}
	if (!Array.isArray(packed) || packed[0] !== LAYOUT)
		throw new HandoverUnreadable('another layout');
	const [, id, game, config, names, notes, playedMs, byHand, createdAt, steps, actions] = packed;
	if (
		!isText(id) ||
		!isText(game) ||
		!Array.isArray(names) ||
		!names.every(isText) ||
		!isText(notes) ||
		!isCount(playedMs) ||
		!isCount(createdAt) ||
		!Array.isArray(steps) ||
		!steps.every(isCount) ||
		!Array.isArray(actions) ||
		steps.length !== actions.length
	) {
		throw new HandoverUnreadable('fields missing');
	}
	let tick = Math.round(createdAt / TICK);
	const log = actions.map((action, index) => {
		tick += steps[index];
		return { action, at: tick * TICK };
	});
	return {
		id,
		game: game as GameId, // proven with everything else by the backup's proof
		config,
		names,
		notes,
		playedMs,
		playedByHand: byHand === 1,
		createdAt,
		log
	};
}
