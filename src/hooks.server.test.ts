import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startAfterPaint } from './hooks.server';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A page as Kit writes it: its policy in a <meta>, its start script inline, allowed by hash. */
function kitPage(script: string, hash = sha(script)): string {
	return `<html><head><meta http-equiv="content-security-policy" content="script-src 'self' ${hash}; style-src 'self'"></head><body><div><p>Passpad</p>
			<script>${script}</script>
		</div></body></html>`;
}

const START = `
				{
					__sveltekit_abc = {
						base: ""
					};

					const element = document.currentScript.parentElement;

					Promise.all([
						import("/_app/immutable/entry/start.js"),
						import("/_app/immutable/entry/app.js")
					]).then(([kit, app]) => {
						kit.start(app, element, { node_ids: [0, 2] });
					});
				}
			`;

describe('Kit’s start script, after the first paint', () => {
	it('imports the app once the first frame is painted, and the policy allows the new script', () => {
		const page = startAfterPaint(kitPage(START));
		const script = page.match(/<script>([\s\S]*?)<\/script>/)![1];
		expect(script).toContain('painted.then(() => import("/_app/immutable/entry/start.js"))');
		expect(script).toContain('painted.then(() => import("/_app/immutable/entry/app.js"))');
		// every import waits
		expect(script.match(/import\(/g)).toHaveLength(2);
		// the element is still read while the script runs (document.currentScript is null later)
		expect(script.indexOf('document.currentScript')).toBeLessThan(script.indexOf('painted'));
		expect(page).toContain(sha(script));
		expect(page).not.toContain(sha(START));
	});

	it('leaves a page without Kit’s start script as it is', () => {
		const page = '<html><body><p>no script</p></body></html>';
		expect(startAfterPaint(page)).toBe(page);
	});

	it('fails the build when the policy does not hold the start script’s hash', () => {
		expect(() => startAfterPaint(kitPage(START, "'sha256-other='"))).toThrow(/not where expected/);
	});

	it('fails the build when the start script no longer reads as expected', () => {
		const changed = START.replace('document.currentScript.parentElement', 'document.body');
		expect(() => startAfterPaint(kitPage(changed))).toThrow(/not where expected/);
	});
});
