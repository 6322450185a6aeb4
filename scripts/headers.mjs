// The HTTP headers Passpad's static build needs from any host (docs/hosting.md, "Hosting the
// build elsewhere", lists the same). scripts/serve.mjs sends them; tests/hardening.e2e.ts checks.
import { readFileSync } from 'node:fs';

/**
 * The pages' Content-Security-Policy, as a header. SvelteKit writes the policy into each page
 * as a <meta> (svelte.config.js `kit.csp`, with the hashes of its inline scripts), but a <meta>
 * cannot say who may frame the page: the header repeats the policy and adds frame-ancestors
 * 'none' (and form-action, also header-only in effect). The prerendered home page (index.html)
 * and the shell for every other URL (200.html) each hash their own start script: one header
 * for both allows the hashes of both, and each page's <meta> still allows only its own.
 */
export function contentSecurityPolicy(root = 'build') {
	const directives = new Map();
	for (const page of ['index.html', '200.html']) {
		const html = readFileSync(`${root}/${page}`, 'utf8');
		const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i);
		if (!meta) throw new Error(`${root}/${page} has no Content-Security-Policy <meta>`);
		const policy = meta[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"');
		for (const directive of policy.split(';')) {
			const [name, ...sources] = directive.trim().split(/\s+/);
			if (!name) continue;
			const known = directives.get(name) ?? [];
			directives.set(name, [...known, ...sources.filter((source) => !known.includes(source))]);
		}
	}
	const policy = [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
	return `${policy}; frame-ancestors 'none'; form-action 'self'`;
}

/** Every response: no framing, no referrer, no sniffing, no powerful features but the few used. */
export function securityHeaders(csp) {
	return {
		'Content-Security-Policy': csp,
		'Referrer-Policy': 'no-referrer',
		'X-Content-Type-Options': 'nosniff',
		// for browsers without frame-ancestors
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		// the match screen keeps the screen awake and shares results, Scan reads a QR code with
		// the camera (docs/scan.md); nothing else is used
		'Permissions-Policy': [
			'camera=(self)',
			'microphone=()',
			'geolocation=()',
			'payment=()',
			'usb=()',
			'serial=()',
			'bluetooth=()',
			'hid=()',
			'midi=()',
			'display-capture=()',
			'browsing-topics=()',
			'screen-wake-lock=(self)',
			'web-share=(self)'
		].join(', ')
	};
}

/**
 * How long a response may be kept: files under /_app/immutable/ have a hash in their name and
 * never change; everything else (the home page, the shell for every deep link, the worker,
 * the manifest, icons) is revalidated on every use, or a new version is never seen.
 */
export function cacheControl(pathname) {
	return pathname.startsWith('/_app/immutable/')
		? 'public, max-age=31536000, immutable'
		: 'no-cache';
}

// `node scripts/headers.mjs [build]` prints the headers for a build, to copy into another
// host's configuration (the script hash in the policy changes with each build).
if (import.meta.url === `file://${process.argv[1]}`) {
	const root = process.argv[2] ?? 'build';
	for (const [name, value] of Object.entries(securityHeaders(contentSecurityPolicy(root)))) {
		console.log(`${name}: ${value}`);
	}
	console.log('Cache-Control: no-cache (everything but /_app/immutable/)');
	console.log('Cache-Control: public, max-age=31536000, immutable (/_app/immutable/)');
}
