import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone of Passpad carries its own design docs (docs/): comments cite them, never an issue
// number or a file a clone does not have. This check reads the source as text.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'src/docs.test.ts';

/** Design files that only ever existed outside the repository, and issue numbers. */
const FORBIDDEN: readonly [RegExp, string][] = [
	[/\bRULINGS\b/, 'cites RULINGS (use docs/rulings.md, <section> <n>)'],
	[/\bCONTRACT\b/, 'cites CONTRACT (use docs/contract.md)'],
	[/\bDEVELOPERS\b/, 'cites DEVELOPERS.md (use docs/architecture.md)'],
	[/\bSTYLE\.md\b/, 'cites STYLE.md, which a clone lacks'],
	[/\.\.\/shared\b|\/work\/shared\b/, 'cites ../shared, which a clone lacks'],
	[/\b(?:issues?|pull requests?|PRs?)\s*#?\d+/i, 'cites an issue number (say the reason instead)']
];
/** "#14" in a comment; in code "#3" may be a seat shown to players */
const HASH_NUMBER = /(?<![&\w])#\d{1,3}(?!\w)/;

/** The part of a line that is a comment, as far as a line can tell. */
function commentOf(line: string): string {
	if (/^\s*(?:\/\/|\/\*|\*|<!--)/.test(line)) return line;
	const at = line.search(/\s\/\/\s|<!--/);
	return at < 0 ? '' : line.slice(at);
}

const SECTION_HEADING = /^## (.+?)(?: \((\w+)\))?$/;
const RULE_NUMBER = /^(\d+)\. /;

/** docs/rulings.md's sections (by name and by the word in brackets) and their rule numbers. */
export function rulingSections(markdown: string): Map<string, Set<number>> {
	const sections = new Map<string, Set<number>>();
	let current: Set<number> | null = null;
	for (const line of markdown.split('\n')) {
		const heading = SECTION_HEADING.exec(line);
		if (heading) {
			current = new Set();
			sections.set(heading[1], current);
			if (heading[2]) sections.set(heading[2], current);
			continue;
		}
		const rule = RULE_NUMBER.exec(line);
		if (rule && current) current.add(Number(rule[1]));
	}
	return sections;
}

/** "1-3, 5 and 8" -> [1, 2, 3, 5, 8] */
function ruleNumbers(list: string): number[] {
	const numbers: number[] = [];
	for (const part of list.split(/\s*(?:,|\band\b)\s*/)) {
		const [from, to = from] = part.split(/\s*-\s*/).map(Number);
		for (let n = from; n <= to; n++) numbers.push(n);
	}
	return numbers;
}

/**
 * What is wrong with the citations in one file's text: forbidden citations, a docs/ page that
 * does not exist (when `docExists` is given), a rulings section or number docs/rulings.md lacks.
 */
export function citationProblems(
	text: string,
	sections: Map<string, Set<number>>,
	docExists?: (name: string) => boolean
): string[] {
	const problems: string[] = [];
	const lines = text.split('\n');
	lines.forEach((line, index) => {
		const at = `line ${index + 1}`;
		for (const [pattern, why] of FORBIDDEN) {
			if (pattern.test(line)) problems.push(`${at} ${why}: ${line.trim()}`);
		}
		if (HASH_NUMBER.test(commentOf(line))) {
			problems.push(`${at} cites an issue number (say the reason instead): ${line.trim()}`);
		}
		if (docExists) {
			for (const [, name] of line.matchAll(/\bdocs\/([\w-]+\.md)\b/g)) {
				if (!docExists(name)) problems.push(`${at} cites docs/${name}, which does not exist`);
			}
		}
		for (const [, rest] of line.matchAll(/docs\/rulings\.md,\s*(.*)/g)) {
			// a citation a comment wraps goes on at the next line, after its `*` or `//`
			const next = (lines[index + 1] ?? '').replace(/^\s*(?:\*|\/\/)?\s*/, '');
			const after = rest.trim() === '' ? next : rest;
			const names = [...sections.keys()].sort((a, b) => b.length - a.length);
			const name = names.find((n) => after.replace(/\\'/g, "'").startsWith(n));
			if (!name) {
				problems.push(`${at} cites docs/rulings.md, ${after.slice(0, 20)}...: no such section`);
				continue;
			}
			const list = /^\s*(\d+(?:\s*(?:-|,|\band\b)\s*\d+)*)/.exec(
				after.replace(/\\'/g, "'").slice(name.length)
			);
			for (const n of list ? ruleNumbers(list[1]) : []) {
				if (!sections.get(name)!.has(n)) {
					problems.push(`${at} cites docs/rulings.md, ${name} ${n}: no such ruling`);
				}
			}
		}
	});
	return problems;
}

function filesUnder(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : filesUnder(path);
		return /\.(ts|js|mjs|svelte|css|html|json)$/.test(name) ? [path] : [];
	});
}

const sections = rulingSections(readFileSync(join(ROOT, 'docs/rulings.md'), 'utf8'));
const docExists = (name: string) => existsSync(join(ROOT, 'docs', name));
const read = (path: string) => [relative(ROOT, path), readFileSync(path, 'utf8')] as const;

const source = filesUnder(join(ROOT, 'src'))
	.map(read)
	.filter(([path]) => path !== SELF);
const elsewhere = [
	...['tests', 'scripts', 'bench'].flatMap((dir) => filesUnder(join(ROOT, dir))),
	...readdirSync(ROOT)
		.filter((name) => /\.(ts|js|mjs)$/.test(name))
		.map((name) => join(ROOT, name))
].map(read);

describe('comments cite the docs a clone has', () => {
	it('docs/rulings.md has the four games and their rulings', () => {
		expect([...sections.keys()]).toEqual(
			expect.arrayContaining(['Pass Pass', 'Pass-Pass', 'PASS', "I'll Pass", 'dominoes'])
		);
		expect([...sections.get('Pass Pass')!]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		expect([...sections.get('Pass-Pass')!]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		expect([...sections.get('PASS')!]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect([...sections.get("I'll Pass")!]).toEqual([1, 2, 3, 4, 5]);
	});

	it('reads every source file', () => {
		expect(source.length).toBeGreaterThan(100);
		expect(source.some(([path]) => path.endsWith('.svelte'))).toBe(true);
		expect(elsewhere.some(([path]) => path.startsWith('tests/'))).toBe(true);
	});

	it('src/ cites no issue number, no file a clone lacks, no docs page or ruling that is not there', () => {
		const problems = source.flatMap(([path, text]) =>
			citationProblems(text, sections, docExists).map((problem) => `${path}, ${problem}`)
		);
		expect(problems).toEqual([]);
	});

	it('tests, scripts, bench and the config files cite no issue number and no file a clone lacks', () => {
		const problems = elsewhere.flatMap(([path, text]) =>
			citationProblems(text, sections, docExists).map((problem) => `${path}, ${problem}`)
		);
		expect(problems).toEqual([]);
	});
});

describe('the check finds what it must', () => {
	const planted = (line: string) => citationProblems(line, sections, () => false).length;
	const rulingsOnly = (line: string) => citationProblems(line, sections, () => true).length;

	it.each([
		'// see RULINGS 5',
		'/** RULINGS.md, Pass Pass 5 */',
		'// the names of CONTRACT.md',
		'// DEVELOPERS.md architecture',
		'// STYLE.md says so',
		'// ../shared/rulebooks',
		'// fixed in issue 12',
		'// Issue 14, item 2',
		'// fixes #14',
		'const x = 1; // see #123',
		' * as #7 said',
		'// PR 3'
	])('flags %s', (line) => {
		expect(planted(line)).toBeGreaterThan(0);
	});

	it.each([
		'// docs/rulings.md, Pass Pass 13',
		'// docs/rulings.md, dominoes 9',
		'// docs/rulings.md, PASS 3-12',
		'// docs/rulings.md, Pass-Pass 8, 9',
		' * wrapped (docs/rulings.md,\n * Pass Pass 13)',
		"it('x (docs/rulings.md, I\\'ll Pass 6)', () => {"
	])('flags a ruling docs/rulings.md lacks: %s', (line) => {
		expect(rulingsOnly(line)).toBeGreaterThan(0);
	});

	it('flags a docs page that does not exist', () => {
		expect(citationProblems('// see docs/nowhere.md', sections, () => false)).toHaveLength(1);
	});

	it.each([
		'// docs/rulings.md, PASS 9',
		'// docs/rulings.md, Pass Pass 8, 11 and 12',
		'// docs/rulings.md, Pass-Pass 3-5: again the same seat',
		'// docs/rulings.md, Pass-Pass: partners opposite',
		' * who leads (docs/rulings.md,\n * Pass Pass 12); while teams pick',
		"it('x (docs/rulings.md, I\\'ll Pass 4)', () => {",
		'// docs/rulings.md: equal totals share',
		'<path d={qr.path} fill="#000" />',
		"expect(sideName([2], [])).toBe('#3');",
		'color: #123; /* no issue */',
		"replaceAll('&#39;', \"'\")"
	])('passes %s', (line) => {
		expect(rulingsOnly(line)).toBe(0);
	});
});
