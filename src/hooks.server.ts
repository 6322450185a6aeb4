import type { Handle } from '@sveltejs/kit';
import { createHash } from 'node:crypto';

// Runs only when pages are written at build time (the app has no server): the prerendered home
// page and the shell (docs/architecture.md). The home page's first words (in every language,
// FirstWords.svelte) are in its HTML and paint at once; the app's scripts come after that paint
// instead of competing with it: none is preloaded, and Kit's start script fetches them once the
// page has painted. The first visit's largest paint is then the HTML's alone, as for a bare page.
export const handle: Handle = ({ event, resolve }) =>
	resolve(event, {
		preload: ({ type }) => type !== 'js',
		transformPageChunk: ({ html, done }) => (done ? startAfterPaint(html) : html)
	});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Kit's inline start script imports the app at once, while the page is still being parsed;
 * here its imports wait for the first frame to be painted (or a second, for a tab that paints
 * nothing while hidden). The script stays allowed by its hash: the page's policy is given the
 * new script's hash in place of the old one. A Kit whose start script no longer reads as
 * expected fails the build rather than shipping a script the policy would block.
 */
export function startAfterPaint(html: string): string {
	const script = html.match(/<script>(\s*\{\s*__sveltekit_[\s\S]*?)<\/script>/)?.[1];
	if (!script) return html;
	const anchor = 'const element = document.currentScript.parentElement;';
	const imports = /import\(("[^"]+")\)/g;
	if (!script.includes(anchor) || !imports.test(script) || !html.includes(sha256(script))) {
		throw new Error("hooks.server.ts: Kit's start script or its hash is not where expected");
	}
	const deferred = script
		.replace(
			anchor,
			`${anchor}
					const painted = new Promise((go) => {
						if (document.hidden) go();
						else requestAnimationFrame(() => setTimeout(go));
						setTimeout(go, 1000);
					});`
		)
		.replace(imports, 'painted.then(() => import($1))');
	return html.replace(script, () => deferred).replace(sha256(script), () => sha256(deferred));
}
