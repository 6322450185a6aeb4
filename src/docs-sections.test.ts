import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A comment or a doc that cites a section, `docs/live.md, "The protocol"`, names a heading that
// page has: sections move (the README's long sections moved to docs/ and bench/RESULTS.md), and
// a citation that leads nowhere is worse than none.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : filesUnder(path);
		return /\.(ts|js|mjs|svelte|md)$/.test(name) ? [path] : [];
	});
}

/** The page's headings, every level. */
const headings = (page: string) =>
	readFileSync(join(ROOT, page), 'utf8')
		.split('\n')
		.filter((line) => /^#{1,4} /.test(line))
		.map((line) => line.replace(/^#+ /, ''));

/**
 * Every `docs/live.md, "Section"`, `bench/RESULTS.md ("Section")` or `the README's "Section"` in a
 * text, a comment wrapped over lines joined.
 */
export function citations(text: string): { page: string; section: string }[] {
	const joined = text.replace(/\s*\n\s*(?:\*|\/\/|<!--)?\s*/g, ' ');
	const pages = [...joined.matchAll(/\b((?:docs|bench)\/[\w-]+\.md),? \(?"([^"]+)"/g)];
	// "the README's "Hosting"", "(README, "Performance")"
	const readme = [...joined.matchAll(/\bREADME(?:\.md)?(?:'s|,)? \(?"([^"]+)"/g)];
	return [
		...pages.map((match) => ({ page: match[1], section: match[2] })),
		...readme.map((match) => ({ page: 'README.md', section: match[1] }))
	];
}

/** A section is named by its heading or the heading's start ("On the phone: the wire" for more). */
export const names = (heads: string[], section: string) =>
	heads.some((head) => head === section || head.startsWith(section));

const files = ['src', 'tests', 'scripts', 'bench', 'docs']
	.flatMap((dir) => filesUnder(join(ROOT, dir)))
	.concat(join(ROOT, 'README.md'))
	// this file's own examples are no citations
	.filter((path) => !path.endsWith('docs-sections.test.ts'));

describe('a cited section is a heading of the page cited', () => {
	it('reads citations wrapped over comment lines', () => {
		expect(citations('// (docs/live.md, "On the\n// phone")')).toEqual([
			{ page: 'docs/live.md', section: 'On the phone' }
		]);
		expect(citations(' * (bench/RESULTS.md ("Taps"))')).toEqual([
			{ page: 'bench/RESULTS.md', section: 'Taps' }
		]);
		expect(citations(`(the README's "Hosting the build elsewhere")`)).toEqual([
			{ page: 'README.md', section: 'Hosting the build elsewhere' }
		]);
		expect(names(['On the phone: the wire'], 'On the phone')).toBe(true);
		expect(names(['The protocol'], 'The pen')).toBe(false);
	});

	it.each(files.map((path) => relative(ROOT, path)))('%s', (path) => {
		const wrong = citations(readFileSync(join(ROOT, path), 'utf8'))
			.filter(({ page }) => page !== 'docs/rulings.md') // src/docs.test.ts checks those
			.filter(({ page, section }) => !names(headings(page), section))
			.map(({ page, section }) => `${page}, "${section}"`);
		expect(wrong).toEqual([]);
	});
});

describe('the README', () => {
	it('reads in five minutes: at most 200 lines, the figures kept in bench/RESULTS.md', () => {
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
		// a figure's date belongs beside it in bench/RESULTS.md, not in the README
		expect(readme).not.toMatch(
			/\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d\b|\bUTC\b/
		);
	});
});
