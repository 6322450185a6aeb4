import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

// Every failure names its real cause, in English and in French: a full disk reported while
// the database opens (Dexie wraps it: DatabaseClosedError > OpenFailedError >
// QuotaExceededError) is "out of storage space", not "private mode"; a backup nested 20,000
// levels deep says so instead of "storage failed: storage failed.".

/** Every IndexedDB open fails as a full disk makes it fail: an error event, QuotaExceededError. */
async function fullDiskAtOpen(page: Page) {
	await page.addInitScript(() => {
		IDBFactory.prototype.open = function () {
			const request = {
				error: new DOMException('The disk is full.', 'QuotaExceededError'),
				result: undefined,
				readyState: 'done'
			} as unknown as IDBOpenDBRequest & { onerror?: (event: unknown) => void };
			setTimeout(() =>
				request.onerror?.({
					target: request,
					type: 'error',
					preventDefault() {},
					stopPropagation() {}
				})
			);
			return request;
		};
	});
}

const madeUpId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A backup of one I'll Pass match whose setup is given as JSON text. */
function backupText(config = '{"start":0,"takerReveals":false}') {
	const players = ['Ana', 'Ben', 'Cleo'].map((name, k) => ({
		id: madeUpId(100 + k),
		name,
		nameKey: name.toLowerCase(),
		hidden: false,
		createdAt: 0
	}));
	const file = {
		format: 'passpad-backup',
		schema: 4,
		app: 'test',
		exportedAt: 0,
		players,
		matches: [
			{
				id: madeUpId(1),
				game: 'ill-pass',
				config: 'CONFIG',
				seats: players.map((player) => ({ playerId: player.id, name: player.name })),
				status: 'active',
				createdAt: 0,
				updatedAt: 0,
				redo: [],
				result: null,
				log: []
			}
		]
	};
	return Buffer.from(JSON.stringify(file).replace('"CONFIG"', config));
}

async function importFile(page: Page, buffer: Buffer) {
	await page.goto('/settings');
	await page.getByTestId('import').setInputFiles({
		name: 'backup.json',
		mimeType: 'application/json',
		buffer
	});
	return page.getByTestId('backup-message');
}

async function newMatch(page: Page, start: string) {
	await page.goto('/new?game=ill-pass');
	const seats = page.getByLabel(/Name of the player in seat|Nom du joueur à la place/);
	await expect(seats.first()).toBeVisible();
	for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: start }).click();
}

const DEEP = '['.repeat(20_000) + ']'.repeat(20_000);

test.describe('in English', () => {
	test('a full disk at open: a new match says the device is out of space', async ({ page }) => {
		await fullDiskAtOpen(page);
		await newMatch(page, 'Start the match');
		await expect(page.getByRole('alert')).toHaveText(
			'The match could not be saved: the device is out of storage space.'
		);
		await expect(page).toHaveURL(/\/new/);
	});

	test('a full disk at open: an import says the device is out of space', async ({ page }) => {
		await fullDiskAtOpen(page);
		await expect(await importFile(page, backupText())).toHaveText(
			'Nothing was imported: the device is out of storage space.'
		);
	});

	test('a setup nested 20,000 levels deep: too deep, named where', async ({ page }) => {
		await expect(await importFile(page, backupText(DEEP))).toHaveText(
			'Nothing was imported: the file nests deeper than any Passpad match near “matches.0.config”: it was written or changed outside Passpad.'
		);
		// and the same file with a plain setup goes in: the depth was the only fault
		await expect(await importFile(page, backupText())).toHaveText(
			'Imported 1 match. 3 new players. 0 matches were already here.'
		);
	});
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('a full disk at open: a new match, then an import', async ({ page }) => {
		await fullDiskAtOpen(page);
		await newMatch(page, 'Commencer la partie');
		await expect(page.getByRole('alert')).toHaveText(
			"La partie n'a pas pu être enregistrée\u202f: l'appareil n'a plus d'espace de stockage."
		);
		await expect(await importFile(page, backupText())).toHaveText(
			"Rien n'a été importé\u202f: l'appareil n'a plus d'espace de stockage."
		);
	});

	test('a full disk on an action', async ({ page }) => {
		await page.addInitScript(() => {
			const w = window as unknown as { failWrites?: boolean };
			for (const method of ['add', 'put'] as const) {
				const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
				IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
					if (w.failWrites) throw new DOMException('The disk is full.', 'QuotaExceededError');
					return original.apply(this, args);
				} as never;
			}
		});
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], { french: true });
		await page.getByRole('button', { name: 'Retourner le 17', exact: true }).click();
		// the reveal's write is still under way until the card shows: the disk fills after it
		await expect(page.getByTestId('face-up')).toHaveText('17');
		await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
		await page.getByRole('button', { name: /^Prendre le 17/ }).click();
		await expect(page.getByTestId('unsaved')).toContainText(
			"l'appareil n'a plus d'espace de stockage."
		);
	});

	test('a setup nested 20,000 levels deep', async ({ page }) => {
		await expect(await importFile(page, backupText(DEEP))).toHaveText(
			"Rien n'a été importé\u202f: le fichier s'imbrique plus profondément qu'aucune partie Passpad vers «\u202fmatches.0.config\u202f»\u202f: il a été écrit ou modifié hors de Passpad."
		);
	});
});
