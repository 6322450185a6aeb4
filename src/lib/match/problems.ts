import { m } from '$lib/paraglide/messages';
import type { StorageProblem } from '$lib/db/errors';

/** Why storage failed, in the player's words. */
export function problemText(problem: StorageProblem): string {
	switch (problem) {
		case 'quota':
			return m.problem_quota();
		case 'unavailable':
			return m.problem_unavailable();
		case 'conflict':
			return m.problem_conflict();
		case 'failed':
			return m.problem_failed();
		case 'unstorable':
			return m.problem_unstorable();
		default:
			return m.problem_other();
	}
}
