import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boardLinkOf, groupLinkOf, readBoardLink, readGroupLink, type GroupLink } from './link';

const link: GroupLink = {
	g: 'abcdef123456',
	n: 'Thursday club & co',
	u: 'abcdef123456-mq2vt3fzb',
	p: 'q2Vt3fZb9yH7wX1cK5mN8pR4sT6uV0aB'
};

describe('group links', () => {
	it('carry the credential in the fragment only, and read back what they wrote', () => {
		const url = new URL(groupLinkOf('https://pad.example', link));
		expect(url.pathname).toBe('/group');
		expect(url.search).toBe('');
		expect(url.href.split('#')[0]).not.toContain(link.p);
		expect(readGroupLink(url.hash)).toEqual(link);
		const board = new URL(boardLinkOf('https://pad.example', { ...link, s: 'wss://club.example' }));
		expect(board.pathname).toBe('/board');
		expect(readBoardLink(board.hash)).toEqual({ ...link, s: 'wss://club.example' });
	});

	it('carry any group name a person may give, in any language', () => {
		fc.assert(
			fc.property(
				fc
					.string({ minLength: 1, maxLength: 60, unit: 'grapheme' })
					.filter(
						(name) => name.trim() === name && /^[^\p{Cc}]+$/u.test(name) && name.length <= 60
					),
				(name) => {
					const url = new URL(groupLinkOf('http://192.168.1.5:4173', { ...link, n: name }));
					expect(readGroupLink(url.hash)?.n).toBe(name);
				}
			)
		);
	});

	it('refuse a link with a field missing or not its shape', () => {
		const hash = new URL(groupLinkOf('https://pad.example', link)).hash;
		expect(readGroupLink(hash.replace('g=abcdef123456', 'g=ABC'))).toBeNull();
		expect(readGroupLink(hash.replace(/&p=[^&]+/, ''))).toBeNull();
		expect(readGroupLink(hash + '&s=http://elsewhere')).toBeNull();
		expect(readGroupLink(hash.replace(/n=[^&]+/, 'n=%01'))).toBeNull();
		expect(readBoardLink('#g=abcdef123456&u=x&p=short&n=Club')).toBeNull();
		expect(readBoardLink('')).toBeNull();
	});
});
