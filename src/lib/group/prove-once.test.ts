/**
 * A match version's proof reads its fields once (record.ts, proveMatch): the version's own
 * schema read them, and the backup's replay (db/backup-validate.ts, replayMatch) proves the rest.
 * Pinned against the proof it replaced, a whole backup file built of the version and proven as
 * an import is, for whole and cut matches of the four games, abandoned or not.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { legalMatch, matchInput } from '$lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { game as passPassInput, simulate } from '$lib/rules/pass-pass/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { seeded, type GameId } from '$lib/rules/common';
import { BackupRefused, proveBackup } from '$lib/db/backup-validate';
import { BACKUP_FORMAT, BACKUP_SCHEMA } from '$lib/db/backup-format';
import { MAX_MATCH_DEPTH } from '$lib/wire/limits';
import { newId } from '$lib/wire/ids';
import { proveMatch, readVersion, writeVersion, type KeptMatch, type Proof } from './record';

const NAMES = ['Ana', 'Ben', 'Chloé', 'Dan', 'Élodie', 'Gus'];
const one = <T>(arbitrary: fc.Arbitrary<T>, seed: number) =>
	fc.sample(arbitrary, { seed, numRuns: 1 })[0];

/** A whole match of `game` from its simulator: config, seats and actions. */
function played(game: GameId, seed: number) {
	switch (game) {
		case 'ill-pass': {
			const { config, actions } = randomGame(seeded(seed), 3 + (seed % 3));
			return { config, players: 3 + (seed % 3), actions };
		}
		case 'dominoes': {
			const input = one(matchInput, seed);
			const { config, actions } = legalMatch(input);
			return { config, players: 4, actions };
		}
		case 'climbing': {
			const input = one(climbingInput, seed);
			const { actions } = randomMatch(input);
			return {
				config: { mode: input.mode, tokens: input.tokens },
				players: input.players,
				actions
			};
		}
		default: {
			const input = one(passPassInput, seed);
			const { config, actions } = simulate(input);
			return { config, players: input.players, actions };
		}
	}
}

/** The proof before it read the fields once: the version as a backup file, proven whole. */
function proofAsABackup(version: KeptMatch): Proof {
	const file = {
		format: BACKUP_FORMAT,
		schema: BACKUP_SCHEMA,
		app: 'passpad-group',
		exportedAt: version.at,
		players: version.seats.map((seat) => ({
			id: seat.player,
			name: seat.name,
			nameKey: '',
			hidden: false,
			createdAt: version.createdAt,
			colour: null
		})),
		matches: [
			{
				id: version.id,
				game: version.game,
				config: version.config,
				seats: version.seats.map((seat) => ({ playerId: seat.player, name: seat.name })),
				status: version.abandonedAt === null ? 'active' : 'abandoned',
				...(version.abandonedAt === null ? {} : { abandonedAt: version.abandonedAt }),
				notes: version.notes,
				playedMs: version.playedMs,
				playedByHand: version.playedByHand,
				createdAt: version.createdAt,
				updatedAt: version.updatedAt,
				redo: [],
				result: null,
				log: version.log
			}
		]
	};
	try {
		return { ok: true, match: proveBackup(file).matches[0] };
	} catch (error) {
		if (!(error instanceof BackupRefused)) return { ok: false, why: 'invalid' };
		const problem = error.problem;
		if (problem.code === 'bad-action')
			return { ok: false, why: 'illegal', refusal: problem.refusal };
		return { ok: false, why: 'invalid' };
	}
}

function versionOf(game: GameId, seed: number, cut: number, abandoned: boolean): KeptMatch {
	const match = played(game, seed);
	const actions = cut > 0 ? match.actions.slice(0, -cut) : match.actions;
	const read = readVersion(
		writeVersion({
			v: 1,
			id: newId(),
			by: 'phone-ana-0001',
			at: 9,
			contest: null,
			kind: 'match',
			deleted: false,
			game,
			config: match.config,
			seats: NAMES.slice(0, match.players).map((name) => ({ player: newId(), name })),
			notes: seed % 2 ? 'au club' : '',
			playedMs: 60_000 * seed,
			playedByHand: seed % 3 === 0,
			abandonedAt: abandoned ? 8 : null,
			createdAt: 1,
			updatedAt: 2,
			log: actions.map((action, at) => ({ action, at: 10 + at }))
		})
	);
	if (!read.ok || read.version.kind !== 'match' || read.version.deleted) throw new Error('unread');
	return read.version;
}

describe('group record: a version is read once, then replayed', () => {
	it.each(['ill-pass', 'dominoes', 'climbing', 'pass-pass'] as const)(
		'record: a %s match proven as the group reads it is the proof of it as a backup, whole, cut short or abandoned',
		(game) => {
			for (let seed = 1; seed <= 6; seed++) {
				for (const [cut, abandoned] of [
					[0, false],
					[3, false],
					[3, true],
					[0, true]
				] as const) {
					const version = versionOf(game, seed, cut, abandoned);
					expect(proveMatch(version)).toEqual(proofAsABackup(version));
				}
			}
		}
	);

	it('record: a version whose log breaks the rules, seats one player twice or nests deeper than a match can is refused as a backup refuses it', () => {
		const version = versionOf('ill-pass', 4, 0, false);
		const broken = { ...version, log: [{ action: { type: 'reveal', card: 99 }, at: 1 }] };
		const twice = {
			...version,
			seats: [version.seats[0], version.seats[0], ...version.seats.slice(2)]
		};
		let deep: unknown = 1;
		for (let level = 0; level < MAX_MATCH_DEPTH + 2; level++) deep = { deep };
		const nested = { ...version, log: [{ action: deep, at: 1 }] };
		for (const hostile of [broken, twice, nested]) {
			expect(proveMatch(hostile)).toEqual(proofAsABackup(hostile));
			expect(proveMatch(hostile).ok).toBe(false);
		}
	});
});
