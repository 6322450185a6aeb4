import { m } from '$lib/paraglide/messages';
import type { Problem } from './entries';

/** Why storage failed, in the player's words. */
export function problemText(problem: Problem): string {
	switch (problem) {
		case 'quota':
			return m.problem_quota();
		case 'unavailable':
			return m.problem_unavailable();
		case 'conflict':
			return m.problem_conflict();
		default:
			return m.problem_other();
	}
}
