import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules and axe's best practices: what every screen is judged by. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core on the page as it stands, the same rules as AxeBuilder's default run. Run in the
 * page itself (legacy mode): the app has no frames, so axe's partial runs, merged in a second
 * blank page opened for each check, only cost time (a second or more a screen on this
 * machine). Only violations are described node by node (resultTypes): the passes' selectors
 * were built for every element and read by no test.
 */
export function axe(page: Page): AxeBuilder {
	return new AxeBuilder({ page })
		.withTags(AXE_TAGS)
		.options({ resultTypes: ['violations'] })
		.setLegacyMode();
}
