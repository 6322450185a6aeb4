// The server's parts the benches (plain node scripts, bench/server.mjs) load through Vite.
export { startLive, type Live, type LiveOptions } from './live';
export { freePort, natsInstalled } from './nats';
export { proxyLive } from './proxy';
