import { afterEach, describe, expect, it } from 'vitest';
import { qrReader } from './reader';

const global = globalThis as { BarcodeDetector?: unknown };

afterEach(() => {
	delete global.BarcodeDetector;
});

describe("the QR reader (docs/scan.md): the browser's own first", () => {
	it('a browser whose BarcodeDetector reads QR codes is asked, for QR codes only, and no WebAssembly loads', async () => {
		const asked: unknown[] = [];
		global.BarcodeDetector = class {
			static getSupportedFormats = async () => ['ean_13', 'qr_code'];
			constructor(options: unknown) {
				asked.push(options);
			}
			detect = async () => [{ rawValue: 'https://passpad.example.org/take#ABC' }];
		};
		const read = await qrReader();
		expect(await read({} as HTMLVideoElement)).toEqual(['https://passpad.example.org/take#ABC']);
		expect(asked).toEqual([{ formats: ['qr_code'] }]);
	});
});
