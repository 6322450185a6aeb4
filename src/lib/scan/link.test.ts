import { describe, expect, it } from 'vitest';
import { JOIN_PATHS, scannedLink } from './link';

const HERE = 'https://passpad.example.org';
const OTHER = 'http://192.168.1.20:8080';
const FOLLOW = '#t=t1&m=m1&u=w-t1&p=secret&r=w';

describe('Scan opens a Passpad link inside the app (docs/scan.md)', () => {
	it.each(JOIN_PATHS)('a link of this server to %s opens here, path and fragment', (path) => {
		expect(scannedLink(`${HERE}${path}#a=1&b=2`, HERE)).toEqual({
			ok: true,
			href: `${path}#a=1&b=2`
		});
	});

	it('a hand-over of another server opens here: the link holds the whole match', () => {
		expect(scannedLink(`${OTHER}/take#ABCDEF`, HERE)).toEqual({ ok: true, href: '/take#ABCDEF' });
	});

	it('a live link of another server that names its server opens here', () => {
		const named = `${FOLLOW}&s=${encodeURIComponent('wss://club.example/nats')}`;
		expect(scannedLink(`${OTHER}/follow${named}`, HERE)).toEqual({
			ok: true,
			href: `/follow${named}`
		});
	});

	it("a live or group link of another server without its server is refused with that server's name", () => {
		expect(scannedLink(`${OTHER}/follow${FOLLOW}`, HERE)).toEqual({
			ok: false,
			why: 'other-server',
			host: '192.168.1.20:8080'
		});
		expect(scannedLink(`${OTHER}/group#g=g1&n=Club&u=u&p=p`, HERE)).toMatchObject({
			why: 'other-server'
		});
	});

	it.each([
		['a web page', 'https://example.com/'],
		['a page of this server that joins nothing', `${HERE}/settings#x=1`],
		['a joining page without its fragment', `${HERE}/follow`],
		['an empty fragment', `${HERE}/take#`],
		['another scheme', 'ftp://passpad.example.org/take#ABC'],
		['plain text', 'Hello, table 4'],
		['a javascript: address', 'javascript:alert(1)//passpad.example.org/take#A'],
		['nothing', '']
	])('%s is not a Passpad link', (_, text) => {
		expect(scannedLink(text, HERE)).toEqual({ ok: false, why: 'not-passpad' });
	});

	it('the text around a link (spaces, a newline) does not matter', () => {
		expect(scannedLink(` ${HERE}/take#ABC\n`, HERE)).toEqual({ ok: true, href: '/take#ABC' });
	});
});
