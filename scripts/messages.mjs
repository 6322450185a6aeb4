// Writes messages/en.json and messages/fr.json from one table, so a key can never exist
// in one language only. Run: node scripts/messages.mjs (part of `npm run i18n`).
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';

const schema = 'https://inlang.com/schema/inlang-message-format';
const sources = readdirSync('messages/src')
	.filter((file) => file.endsWith('.json'))
	.sort();
const en = { $schema: schema };
const fr = { $schema: schema };
for (const file of sources) {
	const table = JSON.parse(readFileSync(`messages/src/${file}`, 'utf8'));
	for (const [key, pair] of Object.entries(table)) {
		if (key in en) throw new Error(`${file}: message ${key} is defined twice`);
		if (!Array.isArray(pair) || pair.length !== 2 || !pair[0] || !pair[1]) {
			throw new Error(`${file}: message ${key} needs [english, french]`);
		}
		if (params(pair[0]) !== params(pair[1])) {
			throw new Error(`${file}: message ${key} has different parameters in English and French`);
		}
		en[key] = compile(pair[0], `${file}: ${key}`);
		fr[key] = compile(french(pair[1]), `${file}: ${key}`);
	}
}
writeFileSync('messages/en.json', JSON.stringify(en, null, '\t') + '\n');
writeFileSync('messages/fr.json', JSON.stringify(fr, null, '\t') + '\n');

/**
 * French typography: a narrow no-break space (U+202F) before ? ! : ; and inside « », so the
 * sign never wraps alone onto the next line ("Jetons : 10"). Sources may use a plain space.
 */
function french(text) {
	const fix = (value) =>
		value
			.replace(/[ \u00a0\u202f]*([?!:;»])/g, (match, sign, offset, whole) =>
				// a sign right after a digit or a slash is no punctuation (14:30, https://)
				/[\d/]/.test(whole[offset - 1] ?? '') && match === sign ? sign : `\u202f${sign}`
			)
			.replace(/«[ \u00a0\u202f]*/g, '«\u202f');
	if (typeof text === 'string') return fix(text);
	return Object.fromEntries(Object.entries(text).map(([form, value]) => [form, fix(value)]));
}

/** A text's parameters; a plural's are all its variants' together. */
function params(text) {
	const all = typeof text === 'string' ? text : Object.values(text).join(' ');
	return [...new Set([...all.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort().join();
}

/**
 * A plain text, or `{ one, other }` chosen by `count` with the language's plural rules
 * (French says "0 jeton", English "0 chips"): inlang's variant format. `count` need not be
 * shown: "{name} wins!" / "{name} win!" agree with the number of winners.
 */
function compile(text, where) {
	if (typeof text === 'string') return text;
	if (typeof text.one !== 'string' || typeof text.other !== 'string') {
		throw new Error(`${where}: a plural needs "one" and "other"`);
	}
	return [
		{
			declarations: ['input count', 'local countPlural = count: plural'],
			selectors: ['countPlural'],
			match: { 'countPlural=one': text.one, 'countPlural=other': text.other }
		}
	];
}
