import { describe, expect, it } from 'vitest';
import { PenSilence, writerOf } from './silence';

const HOLDER = ['key-of-ana'];

describe('the pen’s silence (docs/live.md, "The pen")', () => {
	it('silence: the holder is silent 30 s after its last entry, not a moment before', () => {
		const silence = new PenSilence(0);
		silence.stored('t.m', HOLDER, false, 100_000);
		expect(silence.silent('t.m', HOLDER, 129_999)).toBe(false);
		expect(silence.silent('t.m', HOLDER, 130_000)).toBe(true);
		// another phone's word says nothing of the holder
		silence.stored('t.m', ['key-of-ben'], false, 129_000);
		expect(silence.silent('t.m', HOLDER, 130_000)).toBe(true);
	});

	it('silence: a match the keeper never heard counts from the keeper’s start', () => {
		const silence = new PenSilence(50_000);
		expect(silence.silent('t.m', HOLDER, 79_999)).toBe(false);
		expect(silence.silent('t.m', HOLDER, 80_000)).toBe(true);
	});

	it('silence: counted from the last pen entry when it is later than the holder’s last word', () => {
		const silence = new PenSilence(0);
		silence.here('t.m', HOLDER[0], 1, 10_000);
		silence.stored('t.m', ['key-of-ben'], true, 40_000);
		expect(silence.silent('t.m', HOLDER, 69_999)).toBe(false);
		expect(silence.silent('t.m', HOLDER, 70_000)).toBe(true);
	});

	it('silence: a here no newer than one heard before proves nothing', () => {
		const silence = new PenSilence(0);
		silence.here('t.m', HOLDER[0], 500, 10_000);
		silence.here('t.m', HOLDER[0], 500, 35_000);
		silence.here('t.m', HOLDER[0], 400, 35_000);
		expect(silence.silent('t.m', HOLDER, 40_000)).toBe(true);
		silence.here('t.m', HOLDER[0], 501, 35_000);
		expect(silence.silent('t.m', HOLDER, 40_000)).toBe(false);
	});

	it('silence: a match forgotten for room counts from no earlier than its last word', () => {
		const silence = new PenSilence(0);
		silence.stored('t.first', HOLDER, false, 90_000);
		for (let index = 0; index < 10_000; index++) silence.stored(`t.m${index}`, HOLDER, false, 0);
		expect(silence.silent('t.first', HOLDER, 119_999)).toBe(false);
		expect(silence.silent('t.first', HOLDER, 120_000)).toBe(true);
	});

	it('silence: many new keys heard do not make the holder’s word forgotten', () => {
		const silence = new PenSilence(0);
		silence.stored('t.m', HOLDER, false, 90_000);
		for (let index = 0; index < 40; index++) silence.here('t.m', `key-${index}`, 1, 91_000);
		expect(silence.silent('t.m', HOLDER, 119_999)).toBe(false);
		expect(silence.silent('t.m', HOLDER, 121_000)).toBe(true);
	});

	it('silence: a pen with no key is its phone id', () => {
		expect(writerOf(undefined, 'phone-ana-0001')).toBe('by:phone-ana-0001');
		expect(writerOf('key-of-ana', 'phone-ana-0001')).toBe('key-of-ana');
	});
});
