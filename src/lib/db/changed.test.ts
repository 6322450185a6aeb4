/**
 * Every write of a thing of a group tracks it in the same transaction (changed.ts; docs/group.md,
 * "On the phone: what leaves"): the row is there the moment the write resolves, with no timer
 * and no sync running, so a page closed right after a tap loses nothing of it.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import {
	abandonMatch,
	createMatch,
	removeMatch,
	restoreMatch,
	resumeMatch,
	setNotes,
	setTimePlayed
} from './matches';
import { appendAction, undoAction } from './log';
import { mergePlayers, renamePlayer, setColour, setHidden } from './players';
import { putEvening } from './evenings';
import { setGroupRatings } from './group/club';
import { putLive, putPen, putSynced, queueSend, sendDone } from './links';
import { changedOf, settle, track } from './changed';
import type { EveningRow, Subject } from './schema';

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`changed-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const summary = { status: 'active' as const, result: null };
const tracked = async () =>
	(await db.changed.toArray()).map((row) => `${row.group} ${row.subject}`).sort();
const nOf = async (group: string, subject: Subject) => (await db.changed.get([group, subject]))?.n;
/** The group has heard of the player (as a synced row says once a version is read or sent). */
const heard = (group: string, subject: Subject) =>
	db.synced.put({ group, subject, seq: 1, msgId: 'm', revision: -1, hash: 'h' });

describe("a group's match: every write tracks it, in its own transaction", () => {
	it('made, played, undone, noted, timed, abandoned, resumed, deleted and put back: each moves its row on', async () => {
		const match = await createMatch({
			game: 'ill-pass',
			config: {},
			names: ['Ana', 'Ben'],
			group: 'g1'
		});
		const subject: Subject = `match.${match.id}`;
		expect(await tracked()).toEqual([`g1 ${subject}`]);
		const seen: number[] = [(await nOf('g1', subject))!];
		const moved = async () => {
			const n = (await nOf('g1', subject))!;
			expect(n).toBeGreaterThan(seen.at(-1)!);
			seen.push(n);
		};
		await appendAction(match.id, 0, { type: 'take' }, summary);
		await moved();
		await undoAction(match.id, 1, summary);
		await moved();
		await setNotes(match.id, 'Au club');
		await moved();
		await setTimePlayed(match.id, 60_000);
		await moved();
		await abandonMatch(match.id);
		await moved();
		await resumeMatch(match.id);
		await moved();
		const removed = await removeMatch(match.id);
		await moved();
		await restoreMatch(removed);
		await moved();
		expect(await tracked()).toEqual([`g1 ${subject}`]);
	});

	it('a match in no group tracks nothing', async () => {
		const match = await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben'] });
		await appendAction(match.id, 0, { type: 'take' }, summary);
		await setNotes(match.id, 'chez nous');
		await removeMatch(match.id);
		expect(await db.changed.count()).toBe(0);
	});

	it('a row settled at the n a version was built from goes; one moved on since stays', async () => {
		const match = await createMatch({
			game: 'ill-pass',
			config: {},
			names: ['Ana', 'Ben'],
			group: 'g1'
		});
		const subject: Subject = `match.${match.id}`;
		const built = (await nOf('g1', subject))!;
		await appendAction(match.id, 0, { type: 'take' }, summary);
		await settle(db, 'g1', subject, built);
		expect(await nOf('g1', subject)).toBeGreaterThan(built);
		await settle(db, 'g1', subject, (await nOf('g1', subject))!);
		expect(await db.changed.count()).toBe(0);
		// written again after it was settled: a new number, never one already built from
		await db.transaction('rw', db.changed, () => track(db, 'g1', subject));
		expect(await nOf('g1', subject)).toBeGreaterThan(built);
	});
});

describe("a group's other things", () => {
	it('a player the group has: renamed, hidden, coloured, merged away, tracked for each group that has it, and only those', async () => {
		await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben', 'Chloé'] });
		const id = async (key: string) => (await db.players.where('nameKey').equals(key).first())!.id;
		const [ana, ben, chloe] = [await id('ana'), await id('ben'), await id('chloé')];
		await heard('g1', `player.${ana}`);
		await heard('g2', `player.${ana}`);
		await heard('g1', `player.${chloe}`);
		await renamePlayer(ana, 'Anaïs');
		expect(await tracked()).toEqual([`g1 player.${ana}`, `g2 player.${ana}`]);
		await db.changed.clear();
		await setHidden(ben, true);
		await setColour(ben, 'teal');
		expect(await db.changed.count()).toBe(0);
		await setColour(chloe, 'teal');
		await setHidden(chloe, true);
		expect(await tracked()).toEqual([`g1 player.${chloe}`]);
		await db.changed.clear();
		// shown again by a new match that names her
		await createMatch({ game: 'ill-pass', config: {}, names: ['Chloé', 'Ben'] });
		expect(await tracked()).toEqual([`g1 player.${chloe}`]);
		await db.changed.clear();
		await createMatch({ game: 'ill-pass', config: {}, names: ['Dan', 'Eve'] });
		expect(await mergePlayers(await id('dan'), chloe)).toMatchObject({ ok: true });
		expect(await tracked()).toEqual([`g1 player.${chloe}`]);
	});

	it("an evening, and the group's ratings switch", async () => {
		const evening = { id: 'ev1', group: 'g1' } as EveningRow;
		await putEvening(evening);
		await setGroupRatings(db, 'g1', true);
		expect(await tracked()).toEqual(['g1 evening.ev1', 'g1 settings']);
		expect((await changedOf(db, 'g1')).map((row) => row.subject)).toEqual([
			'evening.ev1',
			'settings'
		]);
	});

	it("live play's say on a match the group heard of (its pen, its link) has the group look at it again", async () => {
		const match = await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben'] });
		await heard('g1', `match.${match.id}`);
		await putPen(db, match.id, 'here');
		expect(await tracked()).toEqual([`g1 match.${match.id}`]);
	});

	it('the table storing the last step of a match over has the group look at it again (its pen seals it there), and not before', async () => {
		const match = await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben'] });
		const link = { t: 'tablelive1', m: match.id, u: 'table-w', p: 'secret-secret-secret', r: 'w' };
		await putLive(db, match.id, { link, name: 'Ana' });
		await heard('g1', `match.${match.id}`);
		const step = { kind: 'act', action: { type: 'take' } } as const;
		await db.transaction('rw', db.links, db.sends, () => queueSend(db, match, 0, [step, step]));
		const [first, second] = await db.sends.toArray();
		await db.changed.clear();
		await sendDone(db, first.seq!, match.id, 'k1');
		// not over yet: the table's steps are the table's
		expect(await tracked()).toEqual([]);
		await db.matches.update(match.id, { status: 'finished' });
		await sendDone(db, second.seq!, match.id, 'k2');
		expect(await tracked()).toEqual([`g1 match.${match.id}`]);
		// the log agreed with the table after a read: the same once its last step went
		await db.changed.clear();
		await db.transaction('rw', db.links, db.sends, () => queueSend(db, match, 2, [step]));
		await putSynced(db, match.id, 'k3');
		expect(await tracked()).toEqual([`g1 match.${match.id}`]);
	});
});

describe('a deleted match leaves nothing of its live play', () => {
	it('its links row and the steps waiting for its table go in the delete transaction', async () => {
		const match = await createMatch({ game: 'ill-pass', config: {}, names: ['Ana', 'Ben'] });
		const link = { t: 'tablelive1', m: match.id, u: 'table-w', p: 'secret-secret-secret', r: 'w' };
		await putLive(db, match.id, { link, name: 'Ana' });
		await db.transaction('rw', db.links, db.sends, () =>
			queueSend(db, match, 0, [{ kind: 'act', action: { type: 'take' } }])
		);
		expect(await db.links.count()).toBe(1);
		await removeMatch(match.id);
		expect(await db.links.get(match.id)).toBeUndefined();
		expect(await db.sends.count()).toBe(0);
	});
});
