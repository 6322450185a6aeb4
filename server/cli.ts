// npm run server (and npm start): Passpad for a table or a club, with live play (docs/live.md).
// Starts nats-server (JetStream, WebSocket) with the config it writes, answers the phones'
// requests, and serves the app on the local network with the server's WebSocket at /nats, over
// https and wss with `--tls`. Where nats-server is missing the app is served alone.
//
//   npm run server -- [--port 4173] [--host 0.0.0.0] [--data data/live] [--nodes 3] [--tls <cert> <key>] [--open [--trust-proxy]]
//   npm run server -- revoke <table> [--data data/live]
//   npm run server -- revoke-member <group> <user> [--data data/live]
//   npm run server -- revoke-group <group> [--data data/live]
//   npm run server -- host-link [--data data/live]
import { writeFileSync } from 'node:fs';
import { createServer as createHttp, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appHandler, built } from '../scripts/app.mjs';
import { adminRevoke } from './admin';
import { startLive, type Live } from './live';
import { natsInstalled } from './nats';
import { proxyLive } from './proxy';
import { answerClosed } from './closed';
import { OPEN_LIMITS } from './open';
import { answerOpen } from './open-http';
import { readHostSecret, type Credential } from './registry';

/** `--tls <cert> <key>`: two values, taken out before the rest is parsed. */
function tlsOf(args: string[]) {
	const at = args.indexOf('--tls');
	if (at < 0) return { args, tls: null };
	const [cert, key] = args.slice(at + 1, at + 3);
	if (!cert || !key || cert.startsWith('--') || key.startsWith('--')) {
		throw new Error('Usage: npm run server -- --tls <certificate.pem> <key.pem>');
	}
	return { args: [...args.slice(0, at), ...args.slice(at + 3)], tls: { cert, key } };
}

const USAGE: Record<string, string> = {
	revoke: 'npm run server -- revoke <table>',
	'revoke-member': 'npm run server -- revoke-member <group> <user>',
	'revoke-group': 'npm run server -- revoke-group <group>'
};

/** The addresses other devices on the same network reach this machine at. */
function lanAddresses() {
	return Object.values(networkInterfaces())
		.flat()
		.filter((net) => net && net.family === 'IPv4' && !net.internal)
		.map((net) => net!.address);
}

/** The host link: its credential rides in the fragment, which a browser never sends. */
const hostLinkOf = (origin: string, host: Credential) =>
	`${origin}/live#${new URLSearchParams({ u: host.user, p: host.pass })}`;

/** A command that changes the registry (admin.ts); its exit code. */
async function command(name: string, rest: string[], data: string): Promise<number> {
	if (name === 'host-link') {
		const host = readHostSecret(data);
		if (!host) return (console.error(`No server has run on ${data} yet.`), 1);
		// asked for at the terminal by the one who runs the server: the only place it is shown
		console.log(readFileSync(join(data, 'host.link'), 'utf8').trim());
		return 0;
	}
	const [first, second] = rest;
	const asked =
		name === 'revoke' && first
			? ({ what: 'revoke', table: first } as const)
			: name === 'revoke-group' && first
				? ({ what: 'revoke-group', group: first } as const)
				: name === 'revoke-member' && first && second
					? ({ what: 'revoke-member', group: first, user: second } as const)
					: null;
	if (!asked) return (console.error(`Usage: ${USAGE[name]}`), 1);
	const done = await adminRevoke(data, asked);
	const said = {
		revoke: done ? `Table ${first} revoked: its links no longer connect.` : `No table ${first}.`,
		'revoke-member': done
			? `${second} removed from group ${first}: its link no longer connects.`
			: `No credential ${second} in group ${first}.`,
		'revoke-group': done
			? `Group ${first} revoked: no link of its members, its board or its tables connects.`
			: `No group ${first}.`
	}[asked.what];
	console.log(said);
	return done ? 0 : 1;
}

/** Serves the app (and live play when nats-server is here) until SIGINT or SIGTERM. */
async function serve(
	values: {
		port: string;
		host: string;
		data: string;
		nodes: string;
		open: boolean;
		'trust-proxy': boolean;
	},
	tls: { cert: string; key: string } | null
) {
	if (!built()) {
		console.error('No build/: run `npm run build` first (npm start does both).');
		return process.exit(1);
	}
	let live: Live | null = null;
	if (natsInstalled()) {
		live = await startLive({
			dataDir: values.data,
			nodes: Number(values.nodes),
			log: (line) => console.log(line),
			// any phone may open a table (docs/live.md, "Open tables")
			open: values.open ? {} : undefined
		});
	} else {
		console.log('nats-server is not installed: live play is off, the app works alone as ever.');
	}
	const app = appHandler();
	const handler = live
		? answerOpen(live.openDoor?.open ?? null, answerClosed(live.closedTable, app), {
				trustProxy: values['trust-proxy']
			})
		: app;
	const server: Server = tls
		? createHttps({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, handler)
		: createHttp(handler);
	if (live) proxyLive(server, () => live.nodes[0].wsPort);
	const scheme = tls ? 'https' : 'http';
	const port = Number(values.port);
	server.listen(port, values.host, () => {
		console.log(`Passpad is served on ${scheme}://localhost:${port}`);
		if (!live) return;
		const addresses = values.host === '0.0.0.0' ? lanAddresses() : [values.host];
		for (const address of addresses) {
			console.log(`Phones on the same wifi open ${scheme}://${address}:${port}`);
		}
		const origin = `${scheme}://${addresses[0] ?? 'localhost'}:${port}`;
		if (live.openDoor) {
			const { perAddressPerHour, tables, idleMs } = OPEN_LIMITS;
			console.log(
				`Open tables: any phone may open a live table (${perAddressPerHour} an hour from one ` +
					`address, ${tables} at once, each closed after ${idleMs / 3_600_000} h without an entry).`
			);
		}
		// the host link is a credential: written where only the server's user reads it, never
		// to the log (docs/live.md, "Running it")
		const file = join(live.dataDir, 'host.link');
		writeFileSync(file, hostLinkOf(origin, live.host) + '\n', { mode: 0o600 });
		console.log(
			`The host link (opens live tables and makes groups) is in ${file}: ` +
				'`npm run server -- host-link` shows it; keep it to yourself.'
		);
	});
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, async () => {
			server.close();
			await live?.stop();
			process.exit(0);
		});
	}
}

export async function main(argv: string[]) {
	const { args, tls } = tlsOf(argv);
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: {
			port: { type: 'string', default: process.env.PORT ?? '4173' },
			host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
			data: { type: 'string', default: process.env.PASSPAD_DATA ?? 'data/live' },
			nodes: { type: 'string', default: '1' },
			open: { type: 'boolean', default: false },
			// behind a reverse proxy (TLS at nginx or Caddy): count the address it forwards
			'trust-proxy': { type: 'boolean', default: false }
		}
	});
	const [name, ...rest] = positionals;
	if (name === undefined) return serve(values, tls);
	if (name in USAGE || name === 'host-link') process.exit(await command(name, rest, values.data));
	console.error(
		`Unknown command ${name}: serve (none), ${Object.keys(USAGE).join(', ')}, host-link`
	);
	process.exit(1);
}

export { command as runCommand };
