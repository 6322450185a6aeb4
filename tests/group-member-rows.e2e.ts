import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { phoneContext, startLiveApp } from './live';
import { noAxeViolations } from './evening-kit';

// The group's members, each with its button to remove it (docs/group.md, "Removing"): at 360 px
// every row lays out the same, in English and French, however long the phone's label. The name
// wraps within its side; the button keeps its line beside it, never pushed under, never cut.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group-member-rows';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await app?.stop();
});

// a 30-letter name in one word too: it breaks inside its button, never past the edge
const LABELS = [
	'Al',
	'Second phone',
	'Téléphone de la grande salle du club, près du bar',
	'Bartholomewmaximiliendelacroix'
];

async function phone(browser: Browser, name: string, link: string, lang: 'en' | 'fr') {
	const context = await phoneContext(browser, app.origin, name, lang === 'fr' ? 'fr-FR' : 'en-GB');
	const page = await context.newPage();
	await page.goto(link);
	return page;
}

/** Each row's name and button: the button beside the name and level with it, all on one edge. */
async function sameRows(rows: Locator) {
	const rights: number[] = [];
	for (const row of await rows.all()) {
		const name = (await row.locator('> span').first().boundingBox())!;
		const button = (await row.getByRole('button').boundingBox())!;
		const box = (await row.boundingBox())!;
		// beside, not under: the button starts right of the name, and the two share a line
		expect(button.x).toBeGreaterThanOrEqual(name.x + name.width - 1);
		expect(button.y).toBeLessThan(name.y + name.height);
		expect(button.y + button.height).toBeGreaterThan(name.y);
		rights.push(button.x + button.width);
		// never cut: nothing past the row's edge
		expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 1);
		expect(await row.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true);
		const inside = row.locator('> button');
		expect(await inside.evaluate((one) => one.scrollWidth <= one.clientWidth + 1)).toBe(true);
	}
	// every button ends on the same edge
	expect(new Set(rights.map(Math.round)).size).toBe(1);
}

async function membersOf(page: Page, remove: string) {
	const rows = page.locator('.members li').filter({ has: page.getByRole('button') });
	await expect(rows).toHaveCount(LABELS.length, { timeout: 30_000 });
	await expect(rows.first().getByRole('button')).toContainText(remove);
	return rows;
}

test('member rows: at 360 px each member’s remove button sits beside its name the same way, whatever the label’s length, in English and French', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'Ana');
	for (const label of LABELS) await app.live.invite(club.group, label);
	const link = `/group#${new URLSearchParams({ g: club.group, n: club.name, u: club.member.user, p: club.member.pass })}`;
	for (const lang of ['en', 'fr'] as const) {
		const page = await phone(browser, `ana-${lang}`, link, lang);
		const rows = await membersOf(page, lang === 'fr' ? 'Retirer' : 'Remove');
		await sameRows(rows);
		await noAxeViolations(page);
		// asking to confirm a removal takes the row's width under the name, never squeezing it
		const second = rows.nth(1);
		await second.getByRole('button').click();
		const confirm = second.getByRole('group');
		await expect(confirm.getByRole('button')).toHaveCount(2);
		const [name, asked] = [
			(await second.locator('> span').first().boundingBox())!,
			(await confirm.boundingBox())!
		];
		expect(asked.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
		expect(Math.abs(asked.x - name.x)).toBeLessThanOrEqual(1);
		await confirm.scrollIntoViewIfNeeded();
		await page.screenshot({ path: `${SHOTS}/members-confirm-${lang}-360.png` });
		await confirm.getByRole('button').last().click();
		await expect(confirm).toHaveCount(0);
		await rows.last().scrollIntoViewIfNeeded();
		await page.screenshot({ path: `${SHOTS}/members-${lang}-360.png` });
		await page.context().close();
	}
});

/** The lines a text breaks into, read from its characters' rects (a Range over each one). */
function linesOf(text: Locator) {
	return text.evaluate((element) => {
		const node = element.firstChild!;
		const lines: string[] = [];
		let top: number | null = null;
		for (let at = 0; at < node.textContent!.length; at++) {
			const range = document.createRange();
			range.setStart(node, at);
			range.setEnd(node, at + 1);
			const rect = range.getClientRects()[0];
			if (rect && top !== null && rect.top > top + 2) lines.push('');
			if (rect) top = rect.top;
			if (lines.length === 0) lines.push('');
			lines[lines.length - 1] += node.textContent![at];
		}
		return lines;
	});
}

test('member rows: at 360 px a hyphenated name breaks after its hyphen, as French typography does, never before it', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'Ana');
	await app.live.invite(club.group, 'Maximilienne-Alexandrine Duval');
	const link = `/group#${new URLSearchParams({ g: club.group, n: club.name, u: club.member.user, p: club.member.pass })}`;
	const page = await phone(browser, 'ana-fr', link, 'fr');
	const rows = page.locator('.members li').filter({ has: page.getByRole('button') });
	await expect(rows).toHaveCount(1, { timeout: 30_000 });
	const lines = await linesOf(rows.first().locator('> span').first());
	expect(lines.join('')).toBe('Maximilienne-Alexandrine Duval');
	for (const line of lines.slice(1)) expect(line).not.toMatch(/^-/);
	expect(lines[0]).toMatch(/^Maximilienne-/);
	// the button's words too ("Retirer Maximilienne-Alexandrine Duval"), never cut before the hyphen
	const button = await linesOf(rows.first().getByRole('button'));
	for (const line of button.slice(1)) expect(line).not.toMatch(/^-/);
	expect(button).toContain('Maximilienne-');
	await sameRows(rows);
	await rows.first().scrollIntoViewIfNeeded();
	await page.screenshot({ path: `${SHOTS}/members-hyphen-fr-360.png` });
	await page.context().close();
});
