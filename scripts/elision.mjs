// French elision: "de Ana" → "d'Ana", "de Hugo" → "d'Hugo", "que un jeton" → "qu'un jeton". A message cannot know the
// name it will be given, so each French message that puts "de" or "que" right before a parameter
// picks the form when it runs, by the value's first letter (`elide` in the generated runtime).
// Used by scripts/messages.mjs when it writes the message modules; checked by
// src/lib/messages.test.ts ("French elides…").

/** "de " or "que " closing a text, as a word of its own, so a parameter follows it. */
const BEFORE = /(^|[\s(«'])(de|que) $/;

// A mute h elides too, as French first names take it ("d'Hugo", "d'Hélène"); the words the
// messages are given that start with an aspirated h ("paire de huit") keep "de".
const ASPIRATED = ['huit', 'huiti', 'haut', 'hors', 'héros', 'hasard', 'hongr', 'holland'];

/** The code that picks "de "/"d'" by the value's first letter, put in the generated runtime. */
export const ELIDE = `/**
 * "de Ana" → "d'Ana", "de Hugo" → "d'Hugo", "que un" → "qu'un": French elides before a vowel
 * or a mute h (scripts/elision.mjs).
 * @param {unknown} value
 * @param {string} full
 * @param {string} short
 * @returns {string}
 */
export const elide = (value, full, short) => {
	const word = \`\${value}\`;
	const lower = word.toLowerCase();
	const muteH = /^h/.test(lower) && !${JSON.stringify(ASPIRATED)}.some((start) => lower.startsWith(start));
	return (muteH || /^[aeiouàâäéèêëîïôöùûüæœ]/i.test(word) ? short : full) + word;
};
`;

/**
 * A French text's parts with each "de"/"que" that stands before a parameter moved into that
 * parameter: `{ text: 'Carte de ' }, { param: 'name' }` becomes
 * `{ text: 'Carte ' }, { param: 'name', elide: ['de ', "d'"] }`.
 * @param {Array<{ text: string } | { param: string }>} parts
 */
export function elideFrench(parts) {
	/** @type {Array<{ text: string } | { param: string, elide?: [string, string] }>} */
	const out = parts.map((part) => ({ ...part }));
	out.forEach((part, index) => {
		const before = out[index - 1];
		if (!('param' in part) || !before || !('text' in before)) return;
		const match = before.text.match(BEFORE);
		// "de" opens the text only where the text opens the message: "{a}de {b}" is no word "de"
		if (!match || (match[1] === '' && match.index === 0 && index !== 1)) return;
		const word = match[2];
		before.text = before.text.slice(0, -(word.length + 1));
		part.elide = [`${word} `, word === 'de' ? "d'" : "qu'"];
	});
	return out;
}
