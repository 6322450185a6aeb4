import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readJson } from './json';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('readJson', () => {
	it('reads any JSON value sent within the bound', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const text = JSON.stringify(value);
				expect(readJson(bytesOf(text), text.length * 4)).toEqual({
					ok: true,
					data: JSON.parse(text)
				});
			})
		);
	});

	it('refuses more bytes than the bound before parsing them', () => {
		expect(readJson(bytesOf('"abcd"'), 5)).toEqual({ ok: false, why: 'too-large' });
		expect(readJson(bytesOf('"abcd"'), 6).ok).toBe(true);
	});

	it('refuses bytes that are not UTF-8 rather than mending them', () => {
		expect(readJson(new Uint8Array([0x22, 0xff, 0x22]), 10)).toEqual({
			ok: false,
			why: 'not-json'
		});
		expect(readJson(bytesOf('{"a":'), 10)).toEqual({ ok: false, why: 'not-json' });
	});
});
