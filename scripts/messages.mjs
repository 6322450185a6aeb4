// Writes the app's messages from the tables in messages/src/ (each key is [english, french], so a
// key can never exist in one language only): one module per message in src/lib/paraglide/messages/
// (a page's bundle carries only the messages it uses) and a small runtime with what the app asks
// of it (getLocale, setLocale, locales, baseLocale, overwriteGetLocale, overwriteSetLocale,
// extractLocaleFromNavigator). The folder keeps the name and the modules keep the shape Paraglide
// gave them, whose compiler (some 560 MB of packages) the app no longer installs to serve a score
// pad (bench/RESULTS.md, "Install"). French gets its typography and its elision (elision.mjs) here.
// Run: node scripts/messages.mjs (`npm run i18n`, part of dev, build, check and test:unit).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { ELIDE, elideFrench } from './elision.mjs';

const OUT = 'src/lib/paraglide';
const LOCALES = ['en', 'fr'];
const HEADER =
	'/* eslint-disable */\n// Written by scripts/messages.mjs from messages/src/: edit there, then npm run i18n.\n';

/** @type {Map<string, { file: string, en: Text, fr: Text }>} */
const messages = new Map();
const sources = readdirSync('messages/src')
	.filter((file) => file.endsWith('.json'))
	.sort();
for (const file of sources) {
	const table = JSON.parse(readFileSync(`messages/src/${file}`, 'utf8'));
	for (const [key, pair] of Object.entries(table)) {
		if (messages.has(key)) throw new Error(`${file}: message ${key} is defined twice`);
		if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`${file}: ${key} is no message name`);
		if (!Array.isArray(pair) || pair.length !== 2 || !pair[0] || !pair[1]) {
			throw new Error(`${file}: message ${key} needs [english, french]`);
		}
		if (params(pair[0]) !== params(pair[1])) {
			throw new Error(`${file}: message ${key} has different parameters in English and French`);
		}
		for (const text of pair) checkPlural(text, `${file}: ${key}`);
		messages.set(key, { file, en: pair[0], fr: french(pair[1]) });
	}
}

/** @type {Map<string, string>} every file the folder must hold, by path */
const files = new Map();
files.set(`${OUT}/runtime.js`, runtime());
files.set(
	`${OUT}/messages.js`,
	`${HEADER}export * from './messages/_index.js';\nexport * as m from './messages/_index.js';\n`
);
files.set(
	`${OUT}/messages/package.json`,
	JSON.stringify({ type: 'module', sideEffects: false }, null, '\t') + '\n'
);
const keys = [...messages.keys()].sort();
files.set(
	`${OUT}/messages/_index.js`,
	HEADER + keys.map((key) => `export * from './${key}.js';\n`).join('')
);
for (const key of keys) files.set(`${OUT}/messages/${key}.js`, module(key, messages.get(key)));

// Write what changed only (a running `vite dev` reloads what is written), remove what is gone.
mkdirSync(`${OUT}/messages`, { recursive: true });
for (const [path, text] of files) {
	if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}
for (const dir of [OUT, `${OUT}/messages`]) {
	for (const name of readdirSync(dir, { withFileTypes: true })) {
		const path = `${dir}/${name.name}`;
		if (name.isFile() && !files.has(path)) rmSync(path);
	}
}

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

/** A text, or a plural: `{ one, other }` chosen by `count` with the language's plural rules. */
/** @typedef {string | { one: string, other: string }} Text */

/** A plural needs both its forms: French says "0 jeton", English "0 chips". */
function checkPlural(text, where) {
	if (typeof text === 'string') return;
	if (typeof text.one !== 'string' || typeof text.other !== 'string') {
		throw new Error(`${where}: a plural needs "one" and "other"`);
	}
}

/** A text's literal pieces and parameters, in order: "Carte de {name}" → text, param. */
function parse(text) {
	return text
		.split(/\{(\w+)\}/)
		.map((piece, index) => (index % 2 ? { param: piece } : { text: piece }))
		.filter((part) => 'param' in part || part.text !== '');
}

/** A template literal that says a text, its parameters read from `i`. */
function literal(text, locale) {
	const parts = locale === 'fr' ? elideFrench(parse(text)) : parse(text);
	const code = parts
		.map((part) => {
			if ('text' in part) return part.text.replace(/[`\\]|\$\{/g, (sign) => `\\${sign}`);
			const value = `i?.${part.param}`;
			return part.elide
				? `\${elide(${value}, ${JSON.stringify(part.elide[0])}, ${JSON.stringify(part.elide[1])})}`
				: `\${${value}}`;
		})
		.join('');
	return `\`${code}\``;
}

/** How one language says a message: a template literal, or a choice by `count`'s plural form. */
function say(text, locale) {
	if (typeof text === 'string') return literal(text, locale);
	// "other" for every form but "one": French's "many" (a million) reads as the plural too
	return `plural('${locale}', i?.count) === 'one' ? ${literal(text.one, locale)} : ${literal(text.other, locale)}`;
}

/** One message's module: the function the app calls, `m.key(inputs, { locale })`. */
function module(key, { file, en, fr }) {
	const names = params(en) ? params(en).split(',') : [];
	const plural = typeof en !== 'string' || typeof fr !== 'string';
	if (plural && !names.includes('count')) names.push('count');
	names.sort();
	const elides = literal(typeof fr === 'string' ? fr : `${fr.one} ${fr.other}`, 'fr').includes(
		'elide('
	);
	const imports = ['getLocale', ...(plural ? ['plural'] : []), ...(elides ? ['elide'] : [])];
	const inputs = `{ ${names.map((name) => `${name}: NonNullable<unknown>`).join(', ')} }`;
	const options = `options?: { locale?: import('../runtime.js').Locale }`;
	const type = names.length
		? `(i: ${inputs}, ${options}) => string`
		: `(i?: {}, ${options}) => string`;
	const show = typeof en === 'string' ? en : `${en.one} / ${en.other}`;
	return (
		`${HEADER}// ${file}: ${JSON.stringify(show).slice(1, -1).replaceAll('*/', '*\\/')}\n` +
		`import { ${imports.join(', ')} } from '../runtime.js';\n\n` +
		`/** @type {${type}} */\n` +
		`export const ${key} = (i, options = {}) =>\n` +
		`\t(options.locale ?? getLocale()) === 'fr'\n` +
		`\t\t? ${say(fr, 'fr')}\n` +
		`\t\t: ${say(en, 'en')};\n`
	);
}

/** The runtime: the language chosen, where it is kept, and the helpers the messages call. */
function runtime() {
	return `${HEADER}/** @typedef {${LOCALES.map((locale) => `'${locale}'`).join(' | ')}} Locale */

/** The language the app falls back to, and the one prerendering and unit tests speak. */
export const baseLocale = /** @type {Locale} */ ('${LOCALES[0]}');

/** The languages the app speaks. */
export const locales = /** @type {const} */ (${JSON.stringify(LOCALES).replaceAll(',', ', ')});

// Paraglide's key, kept so a language chosen before is still the one shown; src/app.html reads
// it too, to set <html lang> before the first paint.
const storageKey = 'PARAGLIDE_LOCALE';

/**
 * @param {unknown} value
 * @returns {Locale | undefined}
 */
const toLocale = (value) =>
	typeof value === 'string' ? locales.find((locale) => locale === value.toLowerCase()) : undefined;

/**
 * The first of the browser's languages the app speaks ("fr-CA" is French), if any.
 * @returns {Locale | undefined}
 */
export function extractLocaleFromNavigator() {
	if (typeof navigator === 'undefined' || !navigator.languages?.length) return undefined;
	for (const tag of navigator.languages) {
		const locale = toLocale(tag) ?? toLocale(tag.split('-')[0]);
		if (locale) return locale;
	}
	return undefined;
}

/**
 * The language to speak: the one the player chose, else the browser's, else English. Read
 * each time (a choice reloads the page). Where site data is blocked, reading the choice
 * throws: src/lib/i18n/guard.ts replaces this function there.
 * @type {() => Locale}
 */
export let getLocale = () => {
	if (typeof window === 'undefined') return baseLocale;
	return toLocale(localStorage.getItem(storageKey)) ?? extractLocaleFromNavigator() ?? baseLocale;
};

/**
 * Keeps the player's choice and reloads the page, so every text is redrawn in it.
 * @type {(locale: Locale, options?: { reload?: boolean }) => void}
 */
export let setLocale = (locale, options) => {
	const current = getLocale();
	if (typeof window === 'undefined') return;
	localStorage.setItem(storageKey, locale);
	if (options?.reload !== false && locale !== current) window.location.reload();
};

/** @param {() => Locale} fn */
export const overwriteGetLocale = (fn) => {
	getLocale = fn;
};

/** @param {(locale: Locale, options?: { reload?: boolean }) => void} fn */
export const overwriteSetLocale = (fn) => {
	setLocale = fn;
};

/** @type {Map<string, Intl.PluralRules>} */
const rules = new Map();

/**
 * A count's plural form in a language: French says "0 jeton, 1 jeton", English "0 chips".
 * @param {Locale} locale
 * @param {unknown} count
 * @returns {Intl.LDMLPluralRule}
 */
export function plural(locale, count) {
	let rule = rules.get(locale);
	if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
	return rule.select(Number(count));
}

${ELIDE}`;
}
