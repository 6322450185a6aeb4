// What bench/live.mjs loads through Vite (the live modules are TypeScript with $lib imports).
export { LiveChannel } from '../src/lib/live/client';
export { readEntry, writeEntry, newId } from '../src/lib/live/protocol';
export { accept, begin, nextEntry } from '../src/lib/live/replay';
export { RULES } from '../src/lib/rules/registry';
export { newKeyPair, signed, signerOf } from '../src/lib/wire/signing';
export { randomGame } from '../src/lib/rules/ill-pass/simulate';
