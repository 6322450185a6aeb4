import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportAll } from './backup-export';
import { copyMatch } from './group/conflicts';
import { rosterHere } from './group/here';
import {
	OTHER_GROUP,
	writeDeleted,
	writeMatch,
	writeNewMatches,
	type ProvenEntry
} from './group/matches';
import { newId } from '../wire/ids';
import { importBackup } from './backup-import';
import { PasspadDb, useDatabase } from './db';
import { appendAction, replaceLog, undoAction } from './log';
import {
	abandonMatch,
	createMatch,
	handOverMatch,
	removeMatch,
	restoreMatch,
	resumeMatch,
	setNotes,
	setTimePlayed,
	type RemovedMatch
} from './matches';
import { mergePlayers, renamePlayer } from './players';
import type { LogSummary } from './log';
import type { MatchRow, TotalRow } from './schema';
import { leaderboard } from './stats';
import { countTotals } from './totals';

/** One write the app can make, with numbers that pick its match, players and result. */
const Op = fc.record({
	// creating and finishing come up more often, so most runs have finished matches to change
	kind: fc.constantFrom(
		'create',
		'create',
		'finish',
		'finish',
		'finish',
		'play-on',
		'undo',
		'edit',
		'abandon',
		'resume',
		'hand-over',
		'remove',
		'restore',
		'merge',
		'rename',
		'note',
		'time',
		're-import',
		// a group's versions written here (db/group/): a joining phone's bulk catch-up, a match
		// replaced or deleted by the group, a conflict kept both ways
		'group-new',
		'group-new',
		'group-write',
		'group-delete',
		'group-copy'
	),
	pick: fc.nat(),
	other: fc.nat(),
	winners: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 })
});
type Op = typeof Op extends fc.Arbitrary<infer T> ? T : never;

const NAMES = ['Léa', 'Sam', 'Noor', 'Ana', 'Ben'];

/** A result as the rules would give it: one side per seat, or two teams of two at four seats. */
function finishedSummary(match: MatchRow, winners: boolean[]): LogSummary {
	const seats = match.seats.length;
	const sides =
		seats === 4
			? [
					[0, 2],
					[1, 3]
				]
			: match.seats.map((_, seat) => [seat]);
	let won = sides.map((_, side) => side).filter((side) => winners[side]);
	if (won.length === 0) won = [0];
	return {
		status: 'finished',
		result: {
			winners: won,
			shared: won.length > 1,
			reason: 'test',
			sides,
			totals: sides.map((_, side) => side),
			lowerWins: false,
			feats: []
		}
	};
}

const active = { status: 'active', result: null } as const;

const GROUP = 'club';
let seq = 0;
const fields = () => ({ seq: ++seq, msgId: `m${seq}`, hash: `h${seq}` });

/** A match as a group's version brings it (proven: status and result from the replay). */
function groupEntry(row: MatchRow, summary: LogSummary, at: number): ProvenEntry {
	return {
		id: row.id,
		game: row.game,
		config: row.config,
		seats: row.seats,
		status: summary.status as ProvenEntry['status'],
		notes: '',
		playedMs: 0,
		playedByHand: false,
		createdAt: row.createdAt,
		updatedAt: at,
		revision: 0,
		redo: [],
		result: summary.result,
		log: [{ action: { n: 4 }, at }],
		group: GROUP
	};
}
const byKey = (a: TotalRow, b: TotalRow) =>
	a.playerId.localeCompare(b.playerId) || a.game.localeCompare(b.game);

/** How often each write the property tries was accepted, over every run: none may be 0. */
const accepted = new Map<string, number>();

async function run(ops: Op[]): Promise<void> {
	const db = new PasspadDb(`totals-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
	const removed: RemovedMatch[] = [];
	await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Sam'] });
	const pickMatch = async (pick: number) => {
		const all = await db.matches.toArray();
		return all.length === 0 ? undefined : all[pick % all.length];
	};
	for (const op of ops) {
		const match = await pickMatch(op.pick);
		// a write the app refuses (a status it cannot leave, a merge of players who met) changes
		// nothing, and the totals must still agree
		const tried = async (write: () => Promise<unknown>) => {
			const done = await write().then(
				// a group's version not taken here (the match is another group's) changed nothing
				(value) => value !== OTHER_GROUP,
				() => false
			);
			if (done) accepted.set(op.kind, (accepted.get(op.kind) ?? 0) + 1);
		};
		switch (op.kind) {
			case 'create': {
				const seats = 2 + (op.other % 3);
				const names = Array.from(
					{ length: seats },
					(_, at) => NAMES[(op.pick + at) % NAMES.length]
				);
				const game = (['climbing', 'ill-pass', 'dominoes', 'pass-pass'] as const)[op.other % 4];
				await createMatch({ game, config: {}, names });
				break;
			}
			case 'finish':
				if (match) {
					await appendAction(match.id, match.length, { n: 1 }, finishedSummary(match, op.winners));
				}
				break;
			case 'play-on':
				if (match) await appendAction(match.id, match.length, { n: 2 }, active);
				break;
			case 'undo':
				if (match && match.length > 0) await undoAction(match.id, match.length, active);
				break;
			case 'edit':
				if (match) {
					const summary = op.other % 2 ? active : finishedSummary(match, op.winners);
					await replaceLog(match.id, match.length, [{ n: 3 }], summary);
				}
				break;
			case 'abandon':
				if (match) await tried(() => abandonMatch(match.id));
				break;
			case 'resume':
				if (match) await tried(() => resumeMatch(match.id));
				break;
			case 'hand-over':
				if (match) await tried(() => handOverMatch(match.id));
				break;
			case 'remove':
				if (match) removed.push(await removeMatch(match.id));
				break;
			case 'restore': {
				const back = removed.splice(op.other % Math.max(1, removed.length), 1)[0];
				if (back) await tried(() => restoreMatch(back));
				break;
			}
			case 'merge': {
				const players = await db.players.toArray();
				const keep = players[op.pick % players.length];
				const drop = players[op.other % players.length];
				if (keep && drop) await mergePlayers(keep.id, drop.id);
				break;
			}
			case 'rename': {
				const players = await db.players.toArray();
				const player = players[op.pick % players.length];
				if (player) await renamePlayer(player.id, `${player.name}${op.other % 10}`);
				break;
			}
			case 'note':
				if (match) await setNotes(match.id, `note ${op.other}`);
				break;
			case 'time':
				if (match) await setTimePlayed(match.id, op.other % 2 ? null : op.other * 1000);
				break;
			case 'group-new': {
				// matches new here, seating players here, written in bulk as a joining phone does
				const roster = await rosterHere(db);
				const ids = [...roster.keys()];
				if (ids.length < 2) break;
				const entries = Array.from({ length: 1 + (op.other % 3) }, (_, at) => {
					const seats = [0, 1, 2]
						.slice(0, 2 + ((op.other + at) % 2))
						.map((k) => ids[(op.pick + at + k) % ids.length]);
					const unique = [...new Set(seats)].map((playerId) => ({
						playerId,
						name: roster.get(playerId)!.name
					}));
					const row = {
						id: newId(),
						game: (['climbing', 'ill-pass', 'dominoes', 'pass-pass'] as const)[(op.other + at) % 4],
						config: {},
						seats: unique,
						createdAt: 1
					} as MatchRow;
					const summary = (op.other + at) % 3 ? finishedSummary(row, op.winners) : active;
					return { match: groupEntry(row, summary, 2 + at), fields: fields() };
				});
				if (entries.some((entry) => entry.match.seats.length < 2)) break;
				await tried(() => writeNewMatches(db, GROUP, entries, roster));
				break;
			}
			case 'group-write':
				if (match) {
					const summary = op.other % 2 ? active : finishedSummary(match, op.winners);
					await tried(() => writeMatch(db, GROUP, groupEntry(match, summary, 3), fields()));
				}
				break;
			case 'group-delete':
				if (match) await tried(() => writeDeleted(db, GROUP, match.id, fields()));
				break;
			case 'group-copy':
				if (match) await tried(() => copyMatch(db, match.id, newId()));
				break;
			case 're-import': {
				// a backup of everything, some matches deleted, then the backup imported again
				const file = await exportAll('test');
				if (match) await removeMatch(match.id);
				await importBackup(file);
				break;
			}
		}
	}
	const kept = (await db.totals.toArray()).sort(byKey);
	const recounted = countTotals(await db.matches.toArray()).sort(byKey);
	expect(kept).toEqual(recounted);
	// the kept totals and a count over every match agree in who wins what, too
	expect(await leaderboard()).toEqual(await leaderboard({ from: 0 }));
	db.close();
}

describe('who wins what, kept: the totals equal a count from the match rows', () => {
	it("after any sequence of creating, finishing, undoing, editing, abandoning, resuming, handing over, deleting, restoring, merging, renaming, importing and writing a group's versions", async () => {
		// one sequence where each status write is accepted, whatever the random runs draw
		const op = (kind: Op['kind']): Op => ({
			kind,
			pick: 0,
			other: 0,
			winners: [true, false, false, false]
		});
		const everyWrite = [
			'abandon',
			'resume',
			'hand-over',
			'remove',
			'restore',
			'group-new',
			'group-write',
			'group-delete',
			'group-copy'
		].map((kind) => op(kind as Op['kind']));
		await fc.assert(fc.asyncProperty(fc.array(Op, { minLength: 1, maxLength: 30 }), run), {
			numRuns: 40,
			examples: [[everyWrite]]
		});
		// a property over writes that all failed would hold whatever the totals did
		for (const kind of [
			'abandon',
			'resume',
			'hand-over',
			'restore',
			'group-new',
			'group-write',
			'group-delete',
			'group-copy'
		]) {
			expect(accepted.get(kind) ?? 0, kind).toBeGreaterThan(0);
		}
	});

	it('a finished match counts once per player; undoing its last action takes it out again', async () => {
		const db = new PasspadDb(`totals-${crypto.randomUUID()}`);
		useDatabase(db);
		await db.open();
		const match = await createMatch({ game: 'climbing', config: {}, names: ['Léa', 'Sam'] });
		const [léa, sam] = match.playerIds;
		await appendAction(match.id, 0, { n: 1 }, finishedSummary(match, [true, false]));
		expect(await db.totals.get([léa, 'climbing'])).toMatchObject({ played: 1, won: 1 });
		expect(await db.totals.get([sam, 'climbing'])).toMatchObject({ played: 1, won: 0 });
		await undoAction(match.id, 1, active);
		expect(await db.totals.count()).toBe(0);
		db.close();
	});
});
