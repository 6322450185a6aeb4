import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { correction, generate, type Correction } from 'lean-qr';
import type { GameId } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { seeded } from '$lib/rules/common/random';
import { game as passPassGame, simulate as passPassMatch } from '$lib/rules/pass-pass/simulate';
import { matchInput as dominoesInput, legalMatch } from '$lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import {
	HandoverUnreadable,
	decodeHandover,
	encodeHandover,
	fromLetters,
	handoverLink,
	toLetters,
	type HandedMatch
} from './handover';

/** An origin longer than most a Passpad is served from. */
const ORIGIN = 'https://passpad.example.org';
const START = Date.UTC(2026, 10, 22, 18, 0, 0);

/** A whole match as the first phone reads it: real seat names, a note, times a few seconds apart. */
function handed(game: GameId, config: unknown, actions: unknown[], players: number): HandedMatch {
	let at = START + 40_000;
	const random = seeded(actions.length);
	return {
		id: '0f8fad5b-d9cb-469f-a165-70867728950e',
		game,
		config,
		names: ['Anaïs', 'Benjamin', 'Cléo', 'Daniel', 'Eve', 'Fatou'].slice(0, players),
		notes: 'Chez Cléo, après le dîner',
		playedMs: 31 * 60_000,
		playedByHand: false,
		createdAt: START,
		log: actions.map((action) => ({ action, at: (at += 2_000 + Math.floor(random() * 20_000)) }))
	};
}

/** A 3-round, 4-player Pass Pass match, trick by trick: the brief's own yardstick. */
function passPassThreeRounds() {
	const [input] = fc.sample(passPassGame, { numRuns: 1, seed: 2 });
	const match = passPassMatch({ ...input, players: 4, layout: false, mixed: false });
	expect(match.state.rounds).toHaveLength(3);
	return handed('pass-pass', match.config, match.actions, 4);
}

function dominoesSevenDeals() {
	const [input] = fc.sample(dominoesInput, { numRuns: 1, seed: 6 });
	const match = legalMatch(input);
	expect(match.state.phase).toBe('over');
	return handed('dominoes', match.config, match.actions, 4);
}

function climbingLong() {
	const [input] = fc.sample(climbingInput, { numRuns: 1, seed: 6 });
	const match = randomMatch({ ...input, players: 5 });
	expect(match.actions.length).toBeGreaterThan(200);
	return handed('climbing', match.config, match.actions, 5);
}

function illPassWhole() {
	const match = randomGame(seeded(10), 5);
	return handed('ill-pass', match.config, match.actions, 5);
}

/** The smallest QR version holding the link at this level, as the QR library computes it. */
function qrVersion(link: string, level: Correction): number {
	const code = generate(link, { minCorrectionLevel: level, maxCorrectionLevel: level });
	return (code.size - 17) / 4;
}

describe('a match handed over in a link', () => {
	it.each([
		['Pass Pass, 3 rounds, 4 players', passPassThreeRounds],
		['the dominoes, 7 deals', dominoesSevenDeals],
		['PASS, over 200 actions', climbingLong],
		["I'll Pass, 5 players", illPassWhole]
	])('%s comes back whole: setup, names, note, time played, every action', async (_, make) => {
		const match = make();
		const back = await decodeHandover(await encodeHandover(match));
		expect(back).toEqual({
			...match,
			// times travel to the minute
			log: match.log.map((entry) => ({ ...entry, at: Math.round(entry.at / 60_000) * 60_000 }))
		});
		// and the rules still accept every action, in order
		const game = RULES[match.game];
		let state = game.setup(back.config, back.names.length);
		for (const { action } of back.log) {
			const result = game.apply(state, action);
			expect(result.ok).toBe(true);
			if (result.ok) state = result.value;
		}
	});

	// A phone's camera reads a code of up to version 25 (117 modules a side) from another
	// phone's screen; level M survives a smudge or a reflection on the screen.
	it('a 3-round, 4-player Pass Pass match fits one QR code of version 25 at most, at level M', async () => {
		const link = handoverLink(ORIGIN, await encodeHandover(passPassThreeRounds()));
		expect(qrVersion(link, correction.M)).toBeLessThanOrEqual(25);
	});

	it.each([
		['the dominoes, 7 deals', dominoesSevenDeals, correction.M],
		["I'll Pass, 5 players", illPassWhole, correction.M],
		['PASS, over 200 actions', climbingLong, correction.L]
	])('%s fits one QR code of version 25 at most', async (_, make, level) => {
		const link = handoverLink(ORIGIN, await encodeHandover(make()));
		expect(qrVersion(link, level)).toBeLessThanOrEqual(25);
	});

	it('the link needs no escaping: its fragment is in the letters a QR code stores compactly', async () => {
		const payload = await encodeHandover(illPassWhole());
		expect(payload).toMatch(/^[0-9A-Z$*+\-./:]+$/);
		expect(new URL(handoverLink(ORIGIN, payload)).hash).toBe(`#${payload}`);
		// the last letter is a digit or a capital, never a sign a chat would cut off a link
		expect(payload.at(-1)).toMatch(/[0-9A-Z]/);
	});
});

describe('a damaged link is refused, never half read', () => {
	it.each([
		['cut short', (payload: string) => payload.slice(0, -7)],
		[
			'a letter changed',
			(payload: string) =>
				payload.slice(0, 40) + (payload[40] === 'A' ? 'B' : 'A') + payload.slice(41)
		],
		['not a hand-over at all', () => 'HELLO'],
		['empty', () => '']
	])('%s', async (_, damage) => {
		const payload = await encodeHandover(illPassWhole());
		await expect(decodeHandover(damage(payload))).rejects.toBeInstanceOf(HandoverUnreadable);
	});

	it('a link that unpacks to something else is refused', async () => {
		await expect(
			decodeHandover('1' + toLetters(new Uint8Array([1, 2, 3])) + '0')
		).rejects.toBeInstanceOf(HandoverUnreadable);
	});
});

describe('the letters', () => {
	it('any bytes come back as they went', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
				expect(fromLetters(toLetters(bytes))).toEqual(bytes);
			})
		);
	});
	it('two bytes take three letters', () => {
		expect(toLetters(new Uint8Array(100))).toHaveLength(150);
		expect(toLetters(new Uint8Array(101))).toHaveLength(152);
	});
});
