// Chromium's fake camera for tests/scan.e2e.ts: a QR code drawn into a Y4M file, the format
// `--use-file-for-fake-video-capture` plays (and loops) as the camera's picture.
import { chromium, type Browser } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'lean-qr';

const WIDTH = 640;
const HEIGHT = 480;

/** One 4:2:0 frame, black modules on white, centred, as big as the picture allows. */
export function qrFrames(text: string): Buffer {
	const code = generate(text);
	// four modules of white all round: the quiet zone a reader needs
	const modules = code.size + 8;
	const scale = Math.floor(Math.min(WIDTH, HEIGHT) / modules);
	if (scale < 2) throw new Error(`${text.length} characters do not fit a ${WIDTH}x${HEIGHT} frame`);
	const left = Math.floor((WIDTH - code.size * scale) / 2);
	const top = Math.floor((HEIGHT - code.size * scale) / 2);
	const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
	for (let y = 0; y < code.size * scale; y++) {
		for (let x = 0; x < code.size * scale; x++) {
			if (code.get(Math.floor(x / scale), Math.floor(y / scale))) {
				luma[(top + y) * WIDTH + left + x] = 0;
			}
		}
	}
	const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
	const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`;
	return Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), luma, chroma]);
}

/**
 * A browser whose camera sees the QR code of `text`; `allowed`: the person says yes to the
 * camera (else the question is dismissed, as a refusal is).
 */
export async function browserFilming(text: string, dir: string, allowed = true): Promise<Browser> {
	const file = join(dir, `qr-${Date.now()}-${Math.random().toString(36).slice(2)}.y4m`);
	writeFileSync(file, qrFrames(text));
	return chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--use-fake-device-for-media-stream',
			...(allowed ? ['--use-fake-ui-for-media-stream'] : []),
			`--use-file-for-fake-video-capture=${file}`
		]
	});
}
