import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Entry } from '$lib/live/protocol';
import { MatchVersion } from '$lib/group/record';
import { TableAsked } from './provision';
import { MAX_KEPT_LOG, MAX_LOG, MAX_SEATS, NAME_MAX_LENGTH } from './limits';

const PHONE = 'phone-test-01';
const MATCH = '0b7e2a4c-3d1f-4a5b-8c6d-7e8f9a0b1c2d';
const act = { type: 'pay' };

/** A live entry of a rewrite of `length` actions. */
const rewrite = (length: number) => ({
	v: 1,
	id: 'entry-test-01',
	match: MATCH,
	pos: 1,
	prev: 'entry-test-00',
	by: PHONE,
	at: 1,
	change: { kind: 'rewrite', from: 0, actions: Array.from({ length }, () => act) }
});

/** A group's version of a match whose log has `length` actions. */
const version = (length: number) => ({
	v: 1,
	id: MATCH,
	by: PHONE,
	at: 1,
	kind: 'match',
	deleted: false,
	game: 'ill-pass',
	config: {},
	seats: ['Ana', 'Ben', 'Chloé'].map((name, at) => ({
		player: `0b7e2a4c-3d1f-4a5b-8c6d-7e8f9a0b1c2${at}`,
		name
	})),
	notes: '',
	playedMs: 0,
	playedByHand: false,
	abandonedAt: null,
	createdAt: 1,
	updatedAt: 1,
	log: Array.from({ length }, (_, at) => ({ action: act, at }))
});

/** A live start with these seats' names. */
const start = (names: string[]) => ({
	v: 1,
	id: 'entry-test-00',
	match: MATCH,
	pos: 0,
	prev: null,
	by: PHONE,
	at: 1,
	change: { kind: 'start', game: 'ill-pass', config: {}, names, createdAt: 1, pen: names[0] }
});

describe('limits: a match played live fits the group record and a backup (docs/architecture.md)', () => {
	it('limits: the longest log the live wire carries is the longest the group record reads (it was 2,000 there, 5,000 live)', () => {
		expect(v.is(Entry, rewrite(MAX_LOG))).toBe(true);
		expect(v.is(MatchVersion, version(MAX_LOG))).toBe(true);
		expect(v.is(MatchVersion, version(2_001))).toBe(true);
		expect(v.is(Entry, rewrite(MAX_LOG + 1))).toBe(false);
		expect(v.is(MatchVersion, version(MAX_LOG + 1))).toBe(false);
	});

	it('limits: a backup reads every log a phone may have kept, so every match that travels', () => {
		expect(MAX_KEPT_LOG).toBeGreaterThanOrEqual(MAX_LOG);
	});

	it("limits: a seat's name is as long on the live wire, in a table's request and in the record as the roster allows (the wire read 60, the request 40)", () => {
		const longest = 'A'.repeat(NAME_MAX_LENGTH);
		const longer = 'A'.repeat(NAME_MAX_LENGTH + 1);
		expect(v.is(Entry, start([longest, 'Ben']))).toBe(true);
		expect(v.is(Entry, start([longer, 'Ben']))).toBe(false);
		const table = { match: MATCH, game: 'ill-pass', names: [longest, 'Ben'] };
		expect(v.is(TableAsked, table)).toBe(true);
		expect(v.is(TableAsked, { ...table, names: [longer, 'Ben'] })).toBe(false);
		const seats = version(0).seats;
		expect(v.is(MatchVersion, { ...version(0), seats: [{ ...seats[0], name: longer }] })).toBe(
			false
		);
	});

	it('limits: a start or a table has at most as many seats as a game (6; the wire read 12)', () => {
		const names = (count: number) => Array.from({ length: count }, (_, at) => `Player ${at + 1}`);
		expect(v.is(Entry, start(names(MAX_SEATS)))).toBe(true);
		expect(v.is(Entry, start(names(MAX_SEATS + 1)))).toBe(false);
		const table = { match: MATCH, game: 'ill-pass', names: names(MAX_SEATS + 1) };
		expect(v.is(TableAsked, table)).toBe(false);
	});
});
