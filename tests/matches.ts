import fc from 'fast-check';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { passPass } from '../src/lib/rules/pass-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '../src/lib/rules/climbing/simulate';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { seeded } from '../src/lib/rules/common/random';
import { createHash } from 'node:crypto';

// Whole matches of every game as a backup file, to bring a phone's history in at once: each game
// finished and half played (Pass Pass also with 6 players in 3 teams), one match abandoned.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay'];

/**
 * An id in the one form Passpad makes and accepts from outside (a version 4 UUID), the same
 * each run for the same name, so a test can open `/match/${id('dominoes-finished')}`.
 */
export function id(name: string): string {
	const hex = createHash('sha256').update(name).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id of the backup's player `k` (Ana is 0). */
export const playerId = (k: number) => id(`player ${k}`);

/** A Pass Pass match won by a third Pass Pass: its record is the one play-testing found wrong. */
function thirdTick() {
	for (const input of fc.sample(passPassInput, { numRuns: 200, seed: 3 })) {
		const run = simulate({ ...input, players: 4, layout: false });
		if (passPass.outcome(run.state)?.reason === 'third-tick') return run;
	}
	throw new Error('no third Pass Pass in 200 matches');
}

/** Every game's whole match, as setup and actions. */
function matches() {
	const [dominoes] = fc.sample(matchInput, { numRuns: 1, seed: 5 });
	const [climbing] = fc.sample(climbingInput, { numRuns: 1, seed: 5 });
	const pp = thirdTick();
	const [six] = fc.sample(passPassInput, { numRuns: 1, seed: 8 });
	const teams = simulate({ ...six, players: 6, layout: false });
	const dom = legalMatch(dominoes);
	const cl = randomMatch({ ...climbing, players: 3 }, 4000);
	const ill = randomGame(seeded(7), 3);
	return [
		{ game: 'pass-pass', config: pp.config, actions: pp.actions, players: 4 },
		{ game: 'pass-pass', config: teams.config, actions: teams.actions, players: 6 },
		{ game: 'dominoes', config: dom.config, actions: dom.actions, players: 4 },
		{ game: 'climbing', config: cl.config, actions: cl.actions, players: 3 },
		{ game: 'ill-pass', config: ill.config, actions: ill.actions, players: 3 }
	] as const;
}

/** A backup holding each game finished and half played, and one match abandoned. */
export function backup() {
	const at = Date.UTC(2026, 10, 22, 18);
	const entries = matches().flatMap((entry) =>
		(['finished', 'active'] as const).map(
			(status): { status: 'finished' | 'active' | 'abandoned' } & typeof entry => ({
				...entry,
				status
			})
		)
	);
	entries.push({ ...entries[entries.length - 1], status: 'abandoned' });
	return {
		format: 'passpad-backup',
		schema: 4,
		app: 'a11y test',
		exportedAt: at,
		players: NAMES.map((name, k) => ({
			id: playerId(k),
			name,
			nameKey: name.toLowerCase(),
			hidden: false,
			createdAt: at,
			colour: k === 0 ? 'teal' : null
		})),
		matches: entries.map((entry, k) => {
			const log = entry.status === 'finished' ? entry.actions : entry.actions.slice(0, 9);
			return {
				id: id(`${entry.game}${entry.players === 6 ? '-6' : ''}-${entry.status}`),
				game: entry.game,
				config: entry.config,
				seats: NAMES.slice(0, entry.players).map((name, seat) => ({
					playerId: playerId(seat),
					name
				})),
				status: entry.status,
				...(entry.status === 'abandoned' ? { abandonedAt: at + k * 60_000 + 5_000 } : {}),
				notes: '',
				createdAt: at + k * 60_000,
				updatedAt: at + k * 60_000 + 5_000,
				redo: [],
				result: null,
				log: log.map((action, seq) => ({ action, at: at + k * 60_000 + seq }))
			};
		})
	};
}

export const BACKUP = Buffer.from(JSON.stringify(backup()));
