import { describe, expect, it } from 'vitest';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClosed } from './closed';

/** The handler served on a free port: what a phone's fetch gets. */
async function served(handler: RequestListener, path: string) {
	const server = createServer(handler);
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	try {
		const { port } = server.address() as AddressInfo;
		const answer = await fetch(`http://127.0.0.1:${port}${path}`);
		return { status: answer.status, body: await answer.text() };
	} finally {
		server.close();
	}
}

describe('whether a table was closed by its host', () => {
	const app: RequestListener = (_req, res) => res.end('the app');
	const handler = answerClosed((table) => table === 'closed123', app);

	it('says "closed" for a revoked table only, and nothing that tells an open table from none', async () => {
		expect(await served(handler, '/nats/closed/closed123')).toEqual({
			status: 200,
			body: '{"closed":true}'
		});
		const open = await served(handler, '/nats/closed/open1234');
		const unknown = await served(handler, '/nats/closed/nothere99');
		expect(open).toEqual({ status: 200, body: '{"closed":false}' });
		expect(unknown).toEqual(open);
	});

	it('asks nothing of the registry for what is no table id, and leaves every other path to the app', async () => {
		const asked: string[] = [];
		const watching = answerClosed((table) => (asked.push(table), true), app);
		expect((await served(watching, '/nats/closed/..%2F..')).body).toBe('{"closed":false}');
		expect((await served(watching, '/nats/closed/')).body).toBe('{"closed":false}');
		expect(asked).toEqual([]);
		expect((await served(watching, '/follow')).body).toBe('the app');
	});
});
