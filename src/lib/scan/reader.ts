/**
 * The QR reader (docs/scan.md): the browser's own BarcodeDetector where it reads QR codes
 * (Chrome on Android), else `barcode-detector`'s, which reads with zxing-wasm. This module and
 * the reader's WebAssembly load only when Scan is pressed; the .wasm is a file of the build
 * (never a CDN, the library's default), precached by the service worker, so Scan works offline.
 */

/** Reads the QR codes in one frame of the camera's picture: their texts. */
export type QrReader = (frame: HTMLVideoElement) => Promise<string[]>;

interface Detector {
	detect(frame: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
	new (options: { formats: string[] }): Detector;
	getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
	const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
	try {
		if (native && (await native.getSupportedFormats()).includes('qr_code')) {
			return new native({ formats: ['qr_code'] });
		}
	} catch {
		// a browser that names the API without a working detector: the library's reader instead
	}
	return null;
}

async function zxingDetector(): Promise<Detector> {
	const [{ BarcodeDetector, prepareZXingModule }, { default: wasm }] = await Promise.all([
		import('barcode-detector/ponyfill'),
		import('zxing-wasm/reader/zxing_reader.wasm?url')
	]);
	await prepareZXingModule({
		overrides: {
			locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path)
		},
		fireImmediately: true
	});
	return new BarcodeDetector({ formats: ['qr_code'] });
}

export async function qrReader(): Promise<QrReader> {
	const detector = (await nativeDetector()) ?? (await zxingDetector());
	return async (frame) => (await detector.detect(frame)).map((code) => code.rawValue);
}
