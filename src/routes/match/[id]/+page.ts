import { loadLog, MissingMatch, storageProblem } from '$lib/db';
import { gameEntry } from '$lib/games/catalog';
import { problemText } from '$lib/match/problems';
import type { PageLoad } from './$types';

// The match is read before its page shows, so the page's title is the game's from the first
// moment: SvelteKit's announcer reads the title when a navigation ends, and a screen reader
// would otherwise hear "Loading…" as the match's name.
export const load: PageLoad = async ({ params }) => {
	try {
		const log = await loadLog(params.id);
		const ui = await gameEntry(log.match.game)!.load();
		return { opened: { log, ui }, missing: false, failed: '' };
	} catch (error) {
		const missing = error instanceof MissingMatch || (error as Error)?.name === 'MissingMatch';
		return {
			opened: null,
			missing,
			failed: missing ? '' : problemText(storageProblem(error))
		};
	}
};
