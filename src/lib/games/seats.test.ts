import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawLots } from './lots';

// No screen works out a seat: who acts next, who may act and who opens the next round or deal
// are the rules' selectors (docs/contract.md, GameDefinition). This reads the screens' source.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCREENS = ['src/lib/games', 'src/lib/components', 'src/routes'];
const ALLOWED = new Set(['src/lib/games/lots.ts']);

/** Seat arithmetic: turning round the table, or a random number made into a seat. */
const SEAT_MATH =
	/clockwise\(|getRandomValues|%\s*(?:\d+\b|[\w.]*(?:players|seats|length)\b)|\+\s*\d+\)\s*%/;

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return /\.(ts|svelte)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
	});
}

export function seatMath(text: string): string[] {
	return text
		.split('\n')
		.filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && SEAT_MATH.test(line))
		.map((line) => line.trim());
}

describe('screens ask the rules for seats', () => {
	it('no component, route or announce computes a seat', () => {
		const files = SCREENS.flatMap((dir) => sources(join(ROOT, dir)));
		expect(files.length).toBeGreaterThan(50);
		const found = files
			.map((path) => relative(ROOT, path))
			.filter((path) => !ALLOWED.has(path))
			.flatMap((path) =>
				seatMath(readFileSync(join(ROOT, path), 'utf8')).map((line) => `${path}: ${line}`)
			);
		expect(found).toEqual([]);
	});

	it.each([
		'const previous = clockwise(state.seat, 4, -1);',
		"session.act({ type: 'start', seat: values[0] % 4 });",
		'start = values[0] % names.length;',
		'(_, at) => (pp.leader + pp.trick.length + at) % pp.players',
		'const next = (seat + 1) % seats;',
		'crypto.getRandomValues(values);'
	])('finds %s', (line) => {
		expect(seatMath(line)).toHaveLength(1);
	});

	it.each([
		'// (seat + 1) % 4 in a comment',
		'.filter((_, at) => at % every === 0)',
		'width: 100%;'
	])('lets %s be', (line) => {
		expect(seatMath(line)).toEqual([]);
	});
});

describe('drawing lots', () => {
	afterEach(() => vi.restoreAllMocks());

	it('names one of the seats given, as the random number picks it', () => {
		const picks = [0, 1, 2, 3, 4, 5, 6, 7];
		vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
			(array as Uint32Array)[0] = picks.shift()!;
			return array;
		});
		const drawn = Array.from({ length: 8 }, () => drawLots([2, 3, 0, 1]));
		expect(drawn).toEqual([2, 3, 0, 1, 2, 3, 0, 1]);
	});

	it('only ever names a seat it was given', () => {
		for (let at = 0; at < 50; at++) expect([4, 5]).toContain(drawLots([4, 5]));
	});
});
