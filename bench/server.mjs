// The live server (server/, TypeScript) for the benches, loaded through Vite as the tests load
// it; the proxy is the tests' own (server/proxy.testing.ts: it can cut a phone).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const load = async (path) =>
	(
		await runnerImport(fileURLToPath(new URL(path, import.meta.url)), {
			configFile: false,
			resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
			logLevel: 'error'
		})
	).module;

const server = await load('../server/index.ts');
const testing = await load('../server/proxy.testing.ts');

export const { startLive, freePort, natsInstalled } = server;
export const proxyLive = testing.proxyLiveForTests;
