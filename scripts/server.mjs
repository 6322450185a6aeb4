// npm run server: Passpad for a table or a club, with live play (docs/live.md). Starts
// nats-server (JetStream, WebSocket) with the config it writes, answers the host's "new table"
// requests, and serves the app on the local network with the server's WebSocket at /live.
// Where nats-server is missing (and `npm start` could not install it) the app is served alone.
//
//   node scripts/server.mjs [--port 4173] [--data data/live] [--nodes 3]
//   node scripts/server.mjs revoke <table> [--data data/live]
//   node scripts/server.mjs revoke-member <group> <user> [--data data/live]
//   node scripts/server.mjs revoke-group <group> [--data data/live]
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { appHandler, built } from './app.mjs';
import { proxyLive } from './live/proxy.mjs';
import {
	natsInstalled,
	revokeGroupOnDisk,
	revokeMemberOnDisk,
	revokeOnDisk,
	startLive
} from './live/server.mjs';

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		port: { type: 'string', default: process.env.PORT ?? '4173' },
		host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
		data: { type: 'string', default: process.env.PASSPAD_DATA ?? 'data/live' },
		nodes: { type: 'string', default: '1' }
	}
});

if (positionals[0] === 'revoke') {
	const table = positionals[1];
	if (!table) {
		console.error('Usage: node scripts/server.mjs revoke <table>');
		process.exit(1);
	}
	const done = revokeOnDisk(values.data, table);
	console.log(done ? `Table ${table} revoked: its links no longer connect.` : `No table ${table}.`);
	process.exit(done ? 0 : 1);
}

// A group's member (or its board) removed, or the whole group: the server refuses their
// credentials from then on; the record stays on the server and on the members' phones
// (docs/group.md, "Removing").
if (positionals[0] === 'revoke-member') {
	const [, group, user] = positionals;
	if (!group || !user) {
		console.error('Usage: node scripts/server.mjs revoke-member <group> <user>');
		process.exit(1);
	}
	const done = revokeMemberOnDisk(values.data, group, user);
	console.log(
		done
			? `${user} removed from group ${group}: its link no longer connects.`
			: `No credential ${user} in group ${group}.`
	);
	process.exit(done ? 0 : 1);
}

if (positionals[0] === 'revoke-group') {
	const group = positionals[1];
	if (!group) {
		console.error('Usage: node scripts/server.mjs revoke-group <group>');
		process.exit(1);
	}
	const done = revokeGroupOnDisk(values.data, group);
	console.log(
		done
			? `Group ${group} revoked: no link of its members, its board or its tables connects.`
			: `No group ${group}.`
	);
	process.exit(done ? 0 : 1);
}

/** The addresses other devices on the same network reach this machine at. */
function lanAddresses() {
	return Object.values(networkInterfaces())
		.flat()
		.filter((net) => net && net.family === 'IPv4' && !net.internal)
		.map((net) => /** @type {import('node:os').NetworkInterfaceInfo} */ (net).address);
}

const port = Number(values.port);
if (!built()) {
	console.error('No build/: run `npm run build` first (npm start does both).');
	process.exit(1);
}

let live = null;
if (natsInstalled()) {
	live = await startLive({
		dataDir: values.data,
		nodes: Number(values.nodes),
		log: (line) => console.log(line)
	});
} else {
	console.log('nats-server is not installed: live play is off, the app works alone as ever.');
}

const server = createServer(appHandler());
if (live) proxyLive(server, () => live.nodes[0].wsPort);
server.listen(port, values.host, () => {
	console.log(`Passpad is served on http://localhost:${port}`);
	if (!live) return;
	const addresses = values.host === '0.0.0.0' ? lanAddresses() : [values.host];
	for (const address of addresses) {
		console.log(`Phones on the same wifi open http://${address}:${port}`);
	}
	// The host link lets a phone open new live tables; its credential rides in the fragment,
	// which a browser never sends to a server: show it to the one who runs the server only.
	const fragment = new URLSearchParams({ u: live.host.user, p: live.host.pass });
	const origin = addresses[0] ? `http://${addresses[0]}:${port}` : `http://localhost:${port}`;
	console.log(
		`Host link (opens live tables and makes groups; keep it to yourself): ${origin}/live#${fragment}`
	);
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.once(signal, async () => {
		server.close();
		await live?.stop();
		process.exit(0);
	});
}
