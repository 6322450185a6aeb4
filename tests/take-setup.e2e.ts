import { expect, test, type Page } from '@playwright/test';
import { decodeHandover, encodeHandover } from '../src/lib/share/handover';
import { playIllPass, startMatch } from './helpers';

// A hand-over link whose log extends this phone's copy by one action, but whose players are
// not the copy's: what differs is said before the person accepts, and accepting takes the
// link's match, its setup included.

/** This phone's match, then a link to it one action further with `names` in its seats. */
async function linkWithOtherPlayers(page: Page, names: string[], french = false) {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], {
		start: 'Ana',
		french
	});
	await playIllPass(page, french ? [] : [20, 'pass']);
	if (french) {
		await page.getByRole('button', { name: 'Retourner le 20', exact: true }).click();
		await expect(page.getByTestId('face-up')).toHaveText('20');
	}
	const id = new URL(page.url()).pathname.split('/').pop()!;
	await page
		.getByRole('button', { name: french ? /^Confier/ : 'Hand over to another phone' })
		.click();
	const link = (await page.getByTestId('handover-link').getAttribute('href'))!;
	const match = await decodeHandover(new URL(link).hash);
	expect(match.id).toBe(id);
	match.names = names;
	match.log.push({ action: { type: 'pass' }, at: match.log.at(-1)!.at });
	return { id, link: `/take#${await encodeHandover(match)}` };
}

test('other players: both lists are shown before replacing, and taking it takes them', async ({
	page
}) => {
	const { id, link } = await linkWithOtherPlayers(page, ['Ana', 'Ben', 'Zoe']);
	await page.goto(link);
	const differences = page.getByTestId('take-differences');
	await expect(differences).toContainText(
		"This link's match is not set up like this phone's copy:"
	);
	await expect(differences).toContainText(
		'players here: Ana, Ben, Cleo; in the link: Ana, Ben, Zoe.'
	);
	await expect(differences).toContainText(
		"Taking it over replaces this phone's copy with the link's, its setup included."
	);
	await expect(page.getByRole('button', { name: 'Take over', exact: true })).toHaveCount(0);
	await page.getByRole('button', { name: "Replace with the link's match" }).click();
	await expect(page).toHaveURL(new RegExp(`/match/${id}$`));
	await expect(page.getByText('Zoe').first()).toBeVisible();
});

test('the same players in another order: seat order and who starts', async ({ page }) => {
	const { link } = await linkWithOtherPlayers(page, ['Ben', 'Ana', 'Cleo']);
	await page.goto(link);
	const differences = page.getByTestId('take-differences');
	await expect(differences).toContainText(
		'seat order here: Ana, Ben, Cleo; in the link: Ben, Ana, Cleo.'
	);
	await expect(differences).toContainText('who starts here: Ana; in the link: Ben.');
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });
	test('other players', async ({ page }) => {
		const { link } = await linkWithOtherPlayers(page, ['Ana', 'Ben', 'Zoé'], true);
		await page.goto(link);
		const differences = page.getByTestId('take-differences');
		await expect(differences).toContainText(
			'joueurs ici\u202f: Ana, Ben, Cleo\u202f; dans le lien\u202f: Ana, Ben, Zoé.'
		);
		await expect(
			page.getByRole('button', { name: 'Remplacer par la partie du lien' })
		).toBeVisible();
	});
});

test('a second link pasted into the same tab is read anew, not the first one kept', async ({
	page
}) => {
	const { link } = await linkWithOtherPlayers(page, ['Ana', 'Ben', 'Zoe']);
	await page.goto(link);
	await expect(page.getByTestId('take-differences')).toBeVisible();
	const other = await decodeHandover(new URL(link, 'http://x').hash);
	other.id = '../../settings';
	await page.evaluate(async (hash) => (location.hash = hash), await encodeHandover(other));
	await expect(page.getByRole('alert')).toHaveText(
		"This link's match has an id Passpad never makes: the link was made or changed outside Passpad. Nothing was taken."
	);
	await expect(page.getByTestId('take-differences')).toHaveCount(0);
});
