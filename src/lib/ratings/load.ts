/**
 * A record's ratings, for the pages that show them (loaded with `import()`, so openskill never
 * weighs on the home page). Computed afresh from the record each time (docs/ratings.md: 10,000
 * matches take well under a second), so nothing kept can disagree with the record.
 */
import type { GameId } from '../rules/common';
import { rateRecord, type GameRatings } from './rate';
import { finishedMatches, type RecordId } from './record';

export async function ratingsOf(
	record: RecordId,
	game?: GameId
): Promise<Map<GameId, GameRatings>> {
	return rateRecord(await finishedMatches(record, game));
}

export { stakes, standings } from './rate';
export { stakeText } from './words';
export type { GameRatings, PlayerRating, Stake, Step } from './rate';
