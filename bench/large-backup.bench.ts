// Writes reports/large-backup.json: a backup of 10,996 finished I'll Pass matches among eight
// players (about 47 MB, the size of a large real backup), for bench/large-import.mjs.
// Run: npx vitest run --config bench/vitest.config.ts bench/large-backup.bench.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';

const MATCHES = 10_996;
/** The n-th id, in the form Passpad makes (src/lib/wire/ids.ts): a backup's ids must have it. */
const madeUpId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const SHORTEST = 115;
const names = ['Léa', 'Sam', 'Noor', 'Ana', 'Ben', 'Cleo', 'Yu-cin', 'Wang'];

it(`writes a backup of ${MATCHES} matches`, () => {
	const random = seeded(47);
	const players = names.map((name, k) => ({
		id: madeUpId(1_000_000 + k),
		name,
		nameKey: name.toLowerCase(),
		hidden: false,
		createdAt: 1_600_000_000_000
	}));
	const start = 1_600_000_000_000;
	const matches = Array.from({ length: MATCHES }, (_, i) => {
		// games with fewer passes, so the file is about the 47 MB
		let game = randomGame(random, 3 + (i % 2));
		while (game.actions.length > SHORTEST) game = randomGame(random, 3 + (i % 2));
		const count = game.players;
		const at = start + i * 3_600_000;
		return {
			id: madeUpId(i),
			game: 'ill-pass',
			config: game.config,
			seats: Array.from({ length: count }, (_, k) => {
				const player = players[(i + k) % players.length];
				return { playerId: player.id, name: player.name };
			}),
			status: 'finished',
			createdAt: at,
			updatedAt: at + game.actions.length * 5_000,
			revision: game.actions.length,
			redo: [],
			result: null,
			log: game.actions.map((action, seq) => ({ action, at: at + seq * 5_000 }))
		};
	});
	const file = {
		format: 'passpad-backup',
		schema: 2,
		app: 'bench',
		exportedAt: start + MATCHES * 3_600_000,
		players,
		matches
	};
	mkdirSync('reports', { recursive: true });
	const text = JSON.stringify(file);
	writeFileSync('reports/large-backup.json', text);
	console.log(
		`reports/large-backup.json: ${MATCHES} matches, ${(text.length / 1e6).toFixed(1)} MB`
	);
});
