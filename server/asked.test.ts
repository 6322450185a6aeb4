// A request asked again by its name is answered once (asked.ts; docs/group.md, "Requests").
import { describe, expect, it } from 'vitest';
import { askedOnce } from './asked';

const NAME = '6f1c1c52-4a43-4c47-9d52-0c1b2b8f7a10';
const bytes = (body: object) => new TextEncoder().encode(JSON.stringify(body));

describe('a request asked again', () => {
	it('asked again by its name within the time kept: the first answer, made once', async () => {
		let clock = 0;
		let made = 0;
		const once = askedOnce(() => clock, 10, 1_000);
		const make = async () => ({ member: ++made });
		const asked = bytes({ label: 'Ben', ask: NAME });
		expect(await once('s', asked, make)).toEqual({ member: 1 });
		clock = 999;
		expect(await once('s', asked, make)).toEqual({ member: 1 });
		// another subject (another group, another request) is another request
		expect(await once('t', asked, make)).toEqual({ member: 2 });
		// past the time kept, asked again it is made again
		clock = 2_000;
		expect(await once('s', asked, make)).toEqual({ member: 3 });
	});

	it('no name, or not in the form of an id: made each time', async () => {
		let made = 0;
		const once = askedOnce();
		const make = async () => ({ member: ++made });
		await once('s', bytes({ label: 'Ben' }), make);
		await once('s', bytes({ label: 'Ben' }), make);
		await once('s', bytes({ label: 'Ben', ask: 'x' }), make);
		await once('s', new Uint8Array([0xff]), make);
		expect(made).toBe(4);
	});

	it('the oldest names forgotten past the most kept; a failure is never kept', async () => {
		let made = 0;
		const once = askedOnce(() => 0, 2, 1_000);
		const make = async () => ({ member: ++made });
		const named = (n: number) => bytes({ ask: `6f1c1c52-4a43-4c47-9d52-0c1b2b8f7a1${n}` });
		await once('s', named(1), make);
		await once('s', named(2), make);
		await once('s', named(3), make);
		expect(await once('s', named(3), make)).toEqual({ member: 3 });
		// the first was forgotten for the third: made again
		expect(await once('s', named(1), make)).toEqual({ member: 4 });
		const failing = async () => ({ error: 'failed' });
		expect(await once('s', named(5), failing)).toEqual({ error: 'failed' });
		expect(await once('s', named(5), make)).toEqual({ member: 5 });
		const throwing = () => Promise.reject(new Error('disk'));
		await expect(once('s', named(6), throwing)).rejects.toThrow('disk');
		expect(await once('s', named(6), make)).toEqual({ member: 6 });
	});
});
