// Precompressed siblings for the static build: `file.js.br` (brotli) and `file.js.gz` (gzip)
// beside each text file, written once at build time at the highest levels, so a host sends
// them as they are instead of compressing on every request (or not at all). `npm run build`
// runs it; scripts/serve.mjs sends them (docs/hosting.md, "Hosting the build elsewhere", says what
// another host must do). Usage: node scripts/compress.mjs [build]
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
	brotliCompressSync,
	brotliDecompressSync,
	gunzipSync,
	gzipSync,
	constants
} from 'node:zlib';

/**
 * Text the browser fetches, and the QR reader's WebAssembly (it packs to 42%); images and fonts
 * are compressed already.
 */
const TEXT = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml|wasm)$/;

export const ENCODINGS = {
	br: {
		compress: (bytes) =>
			brotliCompressSync(bytes, {
				params: {
					[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
					[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
					[constants.BROTLI_PARAM_SIZE_HINT]: bytes.length
				}
			}),
		decompress: (bytes) => brotliDecompressSync(bytes)
	},
	gz: {
		compress: (bytes) => gzipSync(bytes, { level: 9 }),
		decompress: (bytes) => gunzipSync(bytes)
	}
};

/** Every file under root, as paths relative to it. */
export function filesOf(root) {
	const found = [];
	const walk = (dir) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else found.push(relative(root, path));
		}
	};
	walk(root);
	return found;
}

/** Writes the siblings of every text file; a sibling that would not be smaller is not written. */
export function compress(root) {
	const totals = { files: 0, raw: 0, br: 0, gz: 0 };
	for (const file of filesOf(root).filter((name) => TEXT.test(name))) {
		const bytes = readFileSync(join(root, file));
		totals.files++;
		totals.raw += bytes.length;
		for (const [ext, { compress }] of Object.entries(ENCODINGS)) {
			const packed = compress(bytes);
			const smaller = packed.length < bytes.length;
			if (smaller) writeFileSync(join(root, `${file}.${ext}`), packed);
			totals[ext] += smaller ? packed.length : bytes.length;
		}
	}
	return totals;
}

/**
 * Files whose sibling no longer holds their bytes (the file was changed after the build, as the
 * update tests do to deploy "a new version"): a host must not send those siblings.
 */
export function staleSiblings(root) {
	const stale = new Set();
	for (const file of filesOf(root)) {
		const ext = Object.keys(ENCODINGS).find((name) => file.endsWith(`.${name}`));
		if (!ext) continue;
		const original = join(root, file.slice(0, -ext.length - 1));
		if (!existsSync(original) || !statSync(original).isFile()) continue;
		const unpacked = ENCODINGS[ext].decompress(readFileSync(join(root, file)));
		if (!unpacked.equals(readFileSync(original))) stale.add(`/${file.slice(0, -ext.length - 1)}`);
	}
	return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const root = process.argv[2] ?? 'build';
	const started = Date.now();
	const { files, raw, br, gz } = compress(root);
	const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
	console.log(
		`Precompressed ${files} files in ${root}/ (${Date.now() - started} ms): ${kb(raw)} raw, ${kb(br)} brotli, ${kb(gz)} gzip.`
	);
}
