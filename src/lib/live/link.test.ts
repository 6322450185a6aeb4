import { describe, expect, it } from 'vitest';
import { liveLinkOf, readHostLink, readLiveLink, serverOf, type LiveLink } from './link';

const link: LiveLink = {
	t: 'abcdef123456',
	m: '0b6c3a9e-1d2f-4a5b-8c7d-9e0f1a2b3c4d',
	u: 'abcdef123456-w',
	p: 'q2Vt3fZb9yH7wX1cK5mN8pR4sT6uV0aB',
	r: 'w'
};

describe('live links', () => {
	it('carries the credential in the fragment only, and reads back what it wrote', () => {
		const url = new URL(liveLinkOf('https://pad.example', link));
		expect(url.pathname).toBe('/follow');
		expect(url.search).toBe('');
		expect(url.href.split('#')[0]).not.toContain(link.p);
		expect(readLiveLink(url.hash)).toEqual(link);
	});

	it('refuses a link with a field missing or not its shape', () => {
		const url = liveLinkOf('https://pad.example', link);
		expect(readLiveLink(new URL(url).hash.replace('r=w', 'r=admin'))).toBeNull();
		expect(readLiveLink('#t=abcdef123456&m=x')).toBeNull();
		expect(readLiveLink(new URL(url).hash + '&s=http://elsewhere')).toBeNull();
		// not a Passpad link: a control character in any field, a table id Passpad never makes
		expect(readLiveLink(new URL(url).hash + '&s=wss://club.example/%07')).toBeNull();
		expect(readLiveLink(new URL(url).hash.replace('u=abcdef', 'u=ab%01cdef'))).toBeNull();
		expect(readLiveLink(new URL(url).hash.replace('t=abcdef123456', 't=BAD!id'))).toBeNull();
		expect(readLiveLink('#garbage')).toBeNull();
		expect(readHostLink('#u=host&p=short')).toBeNull();
		expect(readHostLink('#u=host&p=q2Vt3fZb9yH7wX1cK5mN8pR4sT6uV0aB')).toEqual({
			u: 'host',
			p: 'q2Vt3fZb9yH7wX1cK5mN8pR4sT6uV0aB'
		});
	});

	it('connects to the page’s own origin, wss over https', () => {
		expect(serverOf({}, { protocol: 'https:', host: 'pad.example' }, '/nats')).toBe(
			'wss://pad.example/nats'
		);
		expect(serverOf({}, { protocol: 'http:', host: '192.168.1.5:4173' }, '/nats')).toBe(
			'ws://192.168.1.5:4173/nats'
		);
		expect(serverOf({ s: 'wss://club.example' }, { protocol: 'https:', host: 'x' }, '/nats')).toBe(
			'wss://club.example'
		);
	});
});
