import { expect, test } from '@playwright/test';
import { holdSettingsOnNextLoad, releaseSettings, storedSetting } from './stored';

// A switch read from storage after its screen shows: the player's tick made meanwhile is the
// newer word and wins over that late read (the dominoes coach is checked in dominoes.e2e.ts).
test('settings: "keep the screen awake" unticked before the stored value is read stays off', async ({
	page
}) => {
	await page.goto('/settings');
	const awake = page.getByLabel('Keep the screen awake during a match');
	// read once, so this phone's database exists before it is held
	await expect(awake).toBeChecked();
	await holdSettingsOnNextLoad(page);
	await page.reload();
	await awake.uncheck();
	// the late read (nothing stored: on) lands first, then the untick's write, queued behind it
	await releaseSettings(page);
	await expect.poll(() => storedSetting(page, 'wakeLock')).toBe(false);
	await expect(awake).not.toBeChecked();
	await page.reload();
	await expect(awake).not.toBeChecked();
});
