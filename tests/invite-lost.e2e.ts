import { expect, test } from '@playwright/test';
import { readRegistry } from '../server/registry';
import { phoneContext, startLiveApp } from './live';

// An invitation whose answer is lost as the phone's WebSocket breaks (docs/group.md, "Requests":
// asked again): the phone asks again under the same name once it is back, the server answers
// what it made, and the group gains one member, not two, with no "no answer" to the person.

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await app?.stop();
});

test('invite: the answer lost with the connection, the invitation still shows and one member is made', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'Ana');
	const members = () => Object.keys(readRegistry(app.live.dataDir).groups[club.group].members);
	const context = await phoneContext(browser, app.origin, 'ana');
	const ana = await context.newPage();
	const link = `/group#${new URLSearchParams({ g: club.group, n: club.name, u: club.member.user, p: club.member.pass })}`;
	await ana.goto(link);
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });

	// what the server sends Ana's phone is held: her request goes, its answer does not come
	app.proxy.hold((agent) => agent.includes('passpad-ana'));
	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	await expect.poll(members, { timeout: 20_000 }).toHaveLength(2);
	// then the connection breaks, the answer with it
	app.proxy.cut((agent) => agent.includes('passpad-ana'));

	await expect(ana.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible({
		timeout: 20_000
	});
	expect(members()).toHaveLength(2);
	// the link shown is the member the server made
	const shown = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	const made = members().find((user) => user !== club.member.user)!;
	expect(new URLSearchParams(new URL(shown, app.origin).hash.slice(1)).get('u')).toBe(made);
	await expect(ana.getByRole('button', { name: 'Remove Ben' })).toHaveCount(1, { timeout: 20_000 });
	await context.close();
});
