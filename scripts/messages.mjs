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
		const params = (text) =>
			[...text.matchAll(/\{(\w+)\}/g)]
				.map((match) => match[1])
				.sort()
				.join();
		if (params(pair[0]) !== params(pair[1])) {
			throw new Error(`${file}: message ${key} has different parameters in English and French`);
		}
		en[key] = pair[0];
		fr[key] = pair[1];
	}
}
writeFileSync('messages/en.json', JSON.stringify(en, null, '\t') + '\n');
writeFileSync('messages/fr.json', JSON.stringify(fr, null, '\t') + '\n');
