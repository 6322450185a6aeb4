import { expect, test, type Page } from '@playwright/test';
import { encodeHandover, type HandedMatch } from '../src/lib/share/handover';
import { HOSTILE_IDS } from '../src/lib/db/hostile-ids';
import { matchHref, playerHref } from '../src/lib/links';

// Ids from outside: a route opened with a hostile id shows its own "not found" or the page
// its address really names, never another; a backup or a hand-over link holding one is
// refused whole, with a clear word in English and French, and nothing is written.

const madeUpId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** What a page says it is: the not-found notices, the 404 page, or the page's heading. */
async function shown(page: Page): Promise<string> {
	const notice = page.getByRole('alert').or(page.getByRole('heading', { level: 1 }));
	await expect(notice.first()).toBeVisible();
	return (await notice.first().textContent())!.trim();
}

test.describe('a route opened with a hostile id', () => {
	for (const [route, href, notFound] of [
		['match', matchHref, 'This match is not on this device.'],
		['player', playerHref, 'This player is not on this device (merged or never saved here).']
	] as const) {
		for (const id of [...HOSTILE_IDS, madeUpId(7)]) {
			test(`${route} ${JSON.stringify(id)}`, async ({ page, baseURL }) => {
				const link = href(id);
				await page.goto(link);
				// where the address standard itself folds the id away (`..`), the page shown is the
				// one the address names: the app never builds such a link (ids are checked)
				const names = new URL(link, baseURL).pathname;
				const prefix = route === 'match' ? '/match/' : '/players/';
				const said = await shown(page);
				// read once the app has routed: its router (trailingSlash "never") folds a
				// closing slash away, so a blank id's "/match/" then reads "/match"
				const folded = names === '/' ? names : names.replace(/\/$/, '');
				expect(new URL(page.url()).pathname).toBe(folded);
				if (names.startsWith(prefix) && names.length > prefix.length) {
					expect(said).toBe(notFound);
				} else if (names === prefix) {
					// a blank id: "/match/" is no page; "/players/" is the players' list
					expect(said).toBe(route === 'match' ? 'Page not found' : 'Players');
				} else {
					expect(names, 'only the dot segments leave the route').toMatch(/^\/(players\/?)?$/);
					expect(id).toMatch(/^(\.\.|%2e%2e)$/);
					expect(said).toBe(names === '/' ? 'Passpad' : 'Players');
				}
			});
		}
	}
});

/** A backup of one I'll Pass match among three players, with ids of the form Passpad makes. */
function backup(edit: (file: ReturnType<typeof plain>) => void = () => {}) {
	const file = plain();
	edit(file);
	return Buffer.from(JSON.stringify(file));
}
function plain() {
	const players = ['Ana', 'Ben', 'Cleo'].map((name, k) => ({
		id: madeUpId(100 + k),
		name,
		nameKey: name.toLowerCase(),
		hidden: false,
		createdAt: 0
	}));
	return {
		format: 'passpad-backup',
		schema: 4,
		app: 'test',
		exportedAt: 0,
		players,
		matches: [
			{
				id: madeUpId(1),
				game: 'ill-pass',
				config: { start: 0, takerReveals: false },
				seats: players.map((player) => ({ playerId: player.id, name: player.name })),
				status: 'active',
				createdAt: 0,
				updatedAt: 0,
				redo: [],
				result: null,
				log: [{ action: { type: 'reveal', card: 9 }, at: 0 }]
			}
		]
	};
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

/** Nothing was written: no match in history, nobody on the roster. */
async function nothingWritten(page: Page, french = false) {
	// each list counted once it has been read from storage (its empty words shown), not before
	await page.goto('/history');
	await expect(
		page.getByText(french ? 'Aucune partie enregistrée.' : 'No match saved yet.')
	).toBeVisible();
	await expect(page.locator('a[href^="/match/"]')).toHaveCount(0);
	await page.goto('/players');
	await expect(
		page.getByText(french ? /^Aucun joueur pour l'instant/ : /^No player yet/)
	).toBeVisible();
	await expect(page.getByText('Ana', { exact: true })).toHaveCount(0);
}

test.describe('a backup holding a hostile id is refused whole', () => {
	test("the untouched file is imported (so each refusal below is the id's doing)", async ({
		page
	}) => {
		await expect(await importFile(page, backup())).toHaveText(
			'Imported 1 match. 3 new players. 0 matches were already here.'
		);
	});

	for (const id of HOSTILE_IDS) {
		test(`match id ${JSON.stringify(id)}`, async ({ page }) => {
			const message = await importFile(
				page,
				backup((file) => (file.matches[0].id = id))
			);
			await expect(message).toHaveText(
				'Nothing was imported: the file holds an id Passpad never makes, near “matches.0.id”: it was written or changed outside Passpad.'
			);
			await nothingWritten(page);
		});
	}

	test('a player id "../x/y", on the roster and every seat', async ({ page }) => {
		const message = await importFile(
			page,
			backup((file) => {
				file.players[1].id = '../x/y';
				file.matches[0].seats[1].playerId = '../x/y';
			})
		);
		await expect(message).toContainText('an id Passpad never makes, near “players.1.id”');
		await nothingWritten(page);
	});

	test.describe('in French', () => {
		test.use({ locale: 'fr-FR' });
		test('a match id "a/b"', async ({ page }) => {
			const message = await importFile(
				page,
				backup((file) => (file.matches[0].id = 'a/b'))
			);
			await expect(message).toHaveText(
				"Rien n'a été importé\u202f: le fichier contient un identifiant que Passpad ne crée jamais, vers «\u202fmatches.0.id\u202f»\u202f: il a été écrit ou modifié hors de Passpad."
			);
			await nothingWritten(page, true);
		});
	});
});

/** A hand-over link to this Passpad of a short I'll Pass match with the given id. */
async function handoverLink(id: string): Promise<string> {
	const match: HandedMatch = {
		id,
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Cleo'],
		notes: '',
		playedMs: 0,
		playedByHand: false,
		createdAt: 1_700_000_000_000,
		log: [{ action: { type: 'reveal', card: 9 }, at: 1_700_000_060_000 }]
	};
	return `/take#${await encodeHandover(match)}`;
}

test.describe('a hand-over link holding a hostile id is refused whole', () => {
	test("the same link with a good id is offered (so each refusal below is the id's doing)", async ({
		page
	}) => {
		await page.goto(await handoverLink(madeUpId(5)));
		await expect(page.getByRole('button', { name: 'Take over' })).toBeVisible();
	});

	for (const id of HOSTILE_IDS) {
		test(`match id ${JSON.stringify(id)}`, async ({ page }) => {
			await page.goto(await handoverLink(id));
			await expect(page.getByRole('alert')).toHaveText(
				"This link's match has an id Passpad never makes: the link was made or changed outside Passpad. Nothing was taken."
			);
			await expect(page.getByRole('button', { name: 'Take over' })).toHaveCount(0);
			await nothingWritten(page);
		});
	}

	test.describe('in French', () => {
		test.use({ locale: 'fr-FR' });
		test('a match id "../../settings"', async ({ page }) => {
			await page.goto(await handoverLink('../../settings'));
			await expect(page.getByRole('alert')).toHaveText(
				"La partie de ce lien a un identifiant que Passpad ne crée jamais\u202f: le lien a été fait ou modifié hors de Passpad. Rien n'a été récupéré."
			);
			await nothingWritten(page, true);
		});
	});
});
