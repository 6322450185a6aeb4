/**
 * Bytes from the network as JSON, bounded before they are parsed: UTF-8 only (a stray byte is
 * not mended into U+FFFD), never more than `most` bytes. Every reader of a message starts here,
 * then reads the value with its own valibot schema (docs/wire.md, "Who writes").
 */
export type Json =
	| { readonly ok: true; readonly data: unknown }
	| { readonly ok: false; readonly why: 'too-large' | 'not-json' };

export function readJson(bytes: Uint8Array, most: number): Json {
	if (bytes.length > most) return { ok: false, why: 'too-large' };
	try {
		return { ok: true, data: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
	} catch {
		return { ok: false, why: 'not-json' };
	}
}
