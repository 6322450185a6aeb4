/**
 * The club's things on the group's wire (docs/wire.md, "Where it is stored"): read only in
 * their shape, on their own subjects, and an evening's version says what its row says.
 */
import { describe, expect, it } from 'vitest';
import { startEvening } from '$lib/evening/evening';
import { DEFAULT_SCALE } from '$lib/evening/tag';
import { newId } from '$lib/wire/ids';
import { eveningRow, eveningVersion } from './club-record';
import { digest, readVersion, thingOf, thingOfSubject, writeVersion } from './record';

const group = 'club0001';
const stamp = (id: string) => ({ v: 1, id, by: 'phone-test-01', at: 5, contest: null }) as const;
const evening = startEvening({
	id: newId(),
	group,
	players: ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve', 'Fred', 'Gil'].map((name) => ({
		key: `guest:${name}`,
		name
	})),
	game: 'climbing',
	rounds: 3,
	scale: DEFAULT_SCALE,
	seed: 77,
	now: 1
});

describe('the club on the wire', () => {
	it("wire: the group's settings and an evening travel on their own subjects", () => {
		expect(thingOfSubject(group, `passpad.g.${group}.settings`)).toBe('settings');
		expect(thingOfSubject(group, `passpad.g.${group}.evening.${evening.id}`)).toBe(
			`evening.${evening.id}`
		);
		expect(thingOfSubject(group, `passpad.g.${group}.settings.more`)).toBeNull();
		expect(thingOf({ kind: 'settings', id: group })).toBe('settings');
	});

	it("wire: an evening's version read back is the evening the row says, its digest the same", () => {
		const version = eveningVersion(evening, stamp(evening.id));
		const read = readVersion(writeVersion(version));
		expect(read.ok).toBe(true);
		if (!read.ok || read.version.kind !== 'evening') return;
		const { updatedAt: _a, ...row } = eveningRow(read.version, group);
		const { updatedAt: _b, ...kept } = evening;
		expect(row).toEqual(kept);
		expect(digest(read.version)).toBe(digest(version));
	});

	it('wire: an evening or settings not of their shape are refused', () => {
		const version = eveningVersion(evening, stamp(evening.id));
		const bad = [
			{ ...version, rounds: 13 },
			{ ...version, players: [{ key: 'robert', name: 'Robert' }] },
			{
				...version,
				drawn: [{ ...version.drawn[0], tables: [{ seats: ['x'], start: 0, match: null }] }]
			},
			{ ...version, scale: { first: 1, last: 7 } },
			{ ...stamp(group), kind: 'settings', ratings: 'yes' },
			{ ...stamp('not a group'), kind: 'settings', ratings: true }
		];
		for (const one of bad) {
			const bytes = new TextEncoder().encode(JSON.stringify(one));
			expect(readVersion(bytes)).toEqual({ ok: false, why: 'malformed' });
		}
		const good = { ...stamp(group), kind: 'settings', ratings: true };
		expect(readVersion(new TextEncoder().encode(JSON.stringify(good))).ok).toBe(true);
	});
});
