/**
 * Only a match over is sealed (docs/wire.md, "What travels": `seal`): a seal built from a row
 * read over, after a move was taken back, is no seal, never one of a match in play that the
 * keeper refuses (`not-over`) and the group's page then says.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { tally } from '../../../server/group-keeper-fixtures';
import { phoneDb, recordedIn } from './keeper-fixtures';
import { isOver, sealOf } from './seal-of';
import type { SealEntry } from '$lib/wire/entry';

const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;

it('seal of: a match read over, its last move taken back before the seal is built, is not sealed', async () => {
	const ana = await phoneDb();
	const store = await recordedIn(ana, 'club01');
	expect((await store.act(round)).ok).toBe(true);
	const read = (await ana.matches.get(store.match.id))!;
	expect(isOver(read)).toBe(true);
	const start = {} as SealEntry['change']['start'];
	const place = { id: 'seal-1', match: read.id, pos: 2, prev: 'e1', by: 'ana', at: 1 };
	expect((await sealOf(ana, read, start, place))?.change.log).toHaveLength(1);
	await store.undo();
	expect(await sealOf(ana, read, start, place)).toBeNull();
});
