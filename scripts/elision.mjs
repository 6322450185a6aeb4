// French elision after Paraglide has compiled the messages: "de Ana" → "d'Ana", "de Hugo" →
// "d'Hugo", "que un jeton" → "qu'un jeton". A message cannot know the name it will be given, so each French message that
// puts "de" or "que" before a parameter picks the form when it runs, by the value's first letter.
// Run after `paraglide-js compile` (part of `npm run i18n`); checked by src/lib/messages.test.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = 'src/lib/paraglide/messages';
// "de {name}" / "que {name}" at a word boundary, as Paraglide writes them: `de ${i?.name}`
const BEFORE = /(^|[\s(«\u202f'`])(de|que) \$\{i\?\.(\w+)\}/g;
// A mute h elides too, as French first names take it ("d'Hugo", "d'Hélène"); the words the
// messages are given that start with an aspirated h ("paire de huit") keep "de".
const ASPIRATED = ['huit', 'huiti', 'haut', 'hors', 'héros', 'hasard', 'hongr', 'holland'];
const HELPER =
	'\n/** @type {(value: unknown, full: string, short: string) => string} */\n' +
	'const elide = (value, full, short) => { const word = `${value}`; ' +
	'const h = /^h/i.test(word) && ' +
	`!${JSON.stringify(ASPIRATED)}.some((start) => word.toLowerCase().startsWith(start)); ` +
	'return (h || /^[aeiouàâäéèêëîïôöùûüæœ]/i.test(word) ? short : full) + word; };\n';

let patched = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
	const path = `${dir}/${file}`;
	const source = readFileSync(path, 'utf8');
	const start = source.indexOf('const fr_');
	if (start < 0) continue;
	const end = source.indexOf('\n};', start);
	if (end < 0) throw new Error(`${path}: the French message's end was not found`);
	const french = source.slice(start, end);
	const elided = french.replace(BEFORE, (_, lead, word, param) => {
		const short = word === 'de' ? "d'" : "qu'";
		return `${lead}\${elide(i?.${param}, '${word} ', "${short}")}`;
	});
	if (elided === french) continue;
	const header = source.indexOf('\n/** @typedef');
	if (header < 0)
		throw new Error(`${path}: Paraglide's message layout changed; update elision.mjs`);
	const body = source.slice(0, start) + elided + source.slice(end);
	writeFileSync(path, body.slice(0, header) + HELPER + body.slice(header));
	patched++;
}
if (patched === 0)
	throw new Error('elision.mjs: no French message to elide; did Paraglide change?');
