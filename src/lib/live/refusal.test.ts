import { describe, expect, it } from 'vitest';
import { closedAddress, refusedCredential, whyRefused } from './refusal';

describe('a refused live link', () => {
	it('is told from a network failure by the server’s own words, the error’s or its cause’s', () => {
		expect(refusedCredential(new Error('Authorization Violation'))).toBe(true);
		const wrapped = new Error('connection failed', {
			cause: new Error("'Authorization Violation'")
		});
		expect(refusedCredential(wrapped)).toBe(true);
		expect(refusedCredential(new Error('connection refused'))).toBe(false);
		expect(refusedCredential(new Error('Authentication Timeout'))).toBe(false);
		expect(refusedCredential('Authorization Violation')).toBe(false);
	});

	it('asks beside the server the link names, or on the page’s own origin', () => {
		expect(closedAddress({ t: 'abcdef123' })).toBe('/nats/closed/abcdef123');
		expect(closedAddress({ t: 'abcdef123', s: 'wss://club.example/nats' })).toBe(
			'https://club.example/nats/closed/abcdef123'
		);
		expect(closedAddress({ t: 'abcdef123', s: 'ws://10.0.0.2:4173' })).toBe(
			'http://10.0.0.2:4173/nats/closed/abcdef123'
		);
	});

	it('reads "closed" only when the server says so; anything else is a refusal', async () => {
		const answering = (body: unknown, ok = true) =>
			(async () => ({ ok, json: async () => body })) as unknown as typeof fetch;
		const link = { t: 'abcdef123' };
		expect(await whyRefused(link, answering({ closed: true }))).toBe('closed');
		expect(await whyRefused(link, answering({ closed: false }))).toBe('refused');
		expect(await whyRefused(link, answering({ closed: 'yes' }))).toBe('refused');
		expect(await whyRefused(link, answering({ closed: true }, false))).toBe('refused');
		const failing = (async () => {
			throw new TypeError('offline');
		}) as unknown as typeof fetch;
		expect(await whyRefused(link, failing)).toBe('refused');
	});

	it('reads "expired" for an open table a day without an entry, only beside "closed"', async () => {
		const answering = (body: unknown) =>
			(async () => ({ ok: true, json: async () => body })) as unknown as typeof fetch;
		const link = { t: 'abcdef123' };
		expect(await whyRefused(link, answering({ closed: true, expired: true }))).toBe('expired');
		expect(await whyRefused(link, answering({ closed: true, expired: 'yes' }))).toBe('closed');
		expect(await whyRefused(link, answering({ closed: false, expired: true }))).toBe('refused');
	});
});
