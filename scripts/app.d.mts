// The types of app.mjs for the TypeScript server (server/cli.ts) and tests: the static server
// stays plain JavaScript, run by scripts/serve.mjs with no build step.
import type { RequestListener } from 'node:http';

/** Whether the folder holds a build to serve. */
export function built(root?: string): boolean;
/** The request handler for a build folder: files, the shell for deep links, the headers. */
export function appHandler(root?: string): RequestListener;
