// Draws Passpad's icons (two cards and a chip on the app's blue) straight to PNG, so the
// icons are reproducible without an image editor: node scripts/icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [29, 78, 137];
const WHITE = [255, 255, 255];
const INK = [29, 78, 137];
const CHIP = [242, 160, 48];

function crc32(buffer) {
	let crc = ~0;
	for (const byte of buffer) {
		crc ^= byte;
		for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
	}
	return ~crc >>> 0;
}

function chunk(type, data) {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

function png(size, paint) {
	const raw = Buffer.alloc((size * 4 + 1) * size);
	const samples = 4;
	for (let y = 0; y < size; y++) {
		raw[y * (size * 4 + 1)] = 0;
		for (let x = 0; x < size; x++) {
			const sum = [0, 0, 0, 0];
			for (let sy = 0; sy < samples; sy++)
				for (let sx = 0; sx < samples; sx++) {
					const u = (x + (sx + 0.5) / samples) / size;
					const v = (y + (sy + 0.5) / samples) / size;
					const [r, g, b, a] = paint(u, v);
					sum[0] += r * a;
					sum[1] += g * a;
					sum[2] += b * a;
					sum[3] += a;
				}
			const offset = y * (size * 4 + 1) + 1 + x * 4;
			const alpha = sum[3] / (samples * samples);
			for (let c = 0; c < 3; c++) raw[offset + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
			raw[offset + 3] = Math.round(alpha * 255);
		}
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header[8] = 8;
	header[9] = 6;
	return Buffer.concat([
		Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw, { level: 9 })),
		chunk('IEND', Buffer.alloc(0))
	]);
}

function roundedRect(u, v, cx, cy, w, h, r, angle) {
	const cos = Math.cos(angle);
	const sin = Math.sin(angle);
	const x = (u - cx) * cos + (v - cy) * sin;
	const y = -(u - cx) * sin + (v - cy) * cos;
	const dx = Math.max(Math.abs(x) - (w / 2 - r), 0);
	const dy = Math.max(Math.abs(y) - (h / 2 - r), 0);
	return dx * dx + dy * dy <= r * r;
}

/** scale < 1 keeps the drawing inside the maskable safe zone */
function icon(scale, rounded) {
	return (u0, v0) => {
		if (rounded && !roundedRect(u0, v0, 0.5, 0.5, 1, 1, 0.2, 0)) return [0, 0, 0, 0];
		const u = 0.5 + (u0 - 0.5) / scale;
		const v = 0.5 + (v0 - 0.5) / scale;
		if (roundedRect(u, v, 0.58, 0.47, 0.36, 0.5, 0.05, 0.22)) {
			return roundedRect(u, v, 0.58, 0.47, 0.3, 0.44, 0.03, 0.22) ? [...WHITE, 1] : [...INK, 1];
		}
		if (roundedRect(u, v, 0.4, 0.5, 0.36, 0.5, 0.05, -0.18)) {
			return roundedRect(u, v, 0.4, 0.5, 0.3, 0.44, 0.03, -0.18) ? [...WHITE, 1] : [...INK, 1];
		}
		const d = Math.hypot(u - 0.7, v - 0.76);
		if (d < 0.12) return d < 0.07 ? [...WHITE, 1] : [...CHIP, 1];
		return [...BLUE, 1];
	};
}

writeFileSync('static/icons/icon-192.png', png(192, icon(1, true)));
writeFileSync('static/icons/icon-512.png', png(512, icon(1, true)));
writeFileSync('static/icons/maskable-512.png', png(512, icon(0.78, false)));
