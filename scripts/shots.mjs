// Screenshots of every game's match screen, for a person to look at (not a test).
// Usage: node scripts/shots.mjs [outdir] (serves build/ on port 4180 itself)
import { chromium } from '@playwright/test';
import { startServer } from './start-server.mjs';

const out = process.argv[2] ?? 'reports/shots';
const port = 4180;
const server = await startServer(port);
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking']
});
const { mkdirSync } = await import('node:fs');
mkdirSync(out, { recursive: true });

const games = {
	'pass-pass': { players: ['Ana', 'Ben', 'Cleo', 'Dan'] },
	dominoes: { players: ['Ana', 'Ben', 'Cleo', 'Dan'] },
	climbing: { players: ['Ana', 'Ben', 'Cleo'] },
	'ill-pass': { players: ['Ana', 'Ben', 'Cleo'] }
};
const sizes = (process.env.SIZES ?? '360x640,820x1180').split(',');
const langs = (process.env.LANGS ?? 'en,fr').split(',');
const themes = (process.env.THEMES ?? 'light,dark').split(',');
const only = process.env.GAMES?.split(',');
try {
	for (const size of sizes) {
		const [width, height] = size.split('x').map(Number);
		for (const lang of langs)
			for (const theme of themes) {
				const context = await browser.newContext({
					viewport: { width, height },
					deviceScaleFactor: 1,
					hasTouch: true,
					isMobile: width < 700,
					locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
					colorScheme: theme
				});
				const page = await context.newPage();
				for (const [game, { players }] of Object.entries(games)) {
					if (only && !only.includes(game)) continue;
					await page.goto(`http://localhost:${port}/new?game=${game}`);
					await page.waitForSelector('input');
					const seats = page.locator('input[maxlength="30"]');
					const add = page.locator('button', { hasText: /Add a player|Ajouter/ });
					while ((await seats.count()) < players.length) await add.click();
					for (const [i, name] of players.entries()) await seats.nth(i).fill(name);
					await page.locator('button[type=submit]').click();
					await page.waitForURL(/\/match\//);
					await page.waitForTimeout(400);
					if (process.env.STEP) await import(process.env.STEP).then((s) => s.default(page, game));
					await page.screenshot({ path: `${out}/${game}-${size}-${lang}-${theme}.png` });
				}
				await context.close();
			}
	}
} finally {
	await browser.close();
	server.kill();
}
