/**
 * A sealed match read as a group's version (docs/wire.md, "Where it is stored": sealing): the
 * seal holds the start, the seats' players, the whole log and what the row keeps besides, so a
 * phone reading `s.<match>` can take it through the same proof and reconciliation as today's
 * whole-match versions (record.ts `proveMatch`, reconcile.ts). Pure. Not read by the sync yet:
 * the next step of a group's match as entries (docs/group.md, "On the phone: what leaves").
 */
import type { SealEntry } from '$lib/wire/entry';
import { RECORD_VERSION } from './written';
import { deletedVersion, type KeptMatch, type MatchVersion } from './record';

/** The version a seal says, a deleted match's included (wire/entry.ts, `deleted`), or null. */
export function versionOfSealed(seal: SealEntry): MatchVersion | null {
	if (!seal.change.deleted) return versionOfSeal(seal);
	return deletedVersion({
		v: RECORD_VERSION,
		id: seal.match,
		by: seal.by,
		at: seal.at,
		contest: null
	});
}

/** The version a seal says, or null when its seats and players do not pair up. */
export function versionOfSeal(seal: SealEntry): KeptMatch | null {
	const { start, players, log, notes, playedMs, playedByHand, abandoned, abandonedAt, updatedAt } =
		seal.change;
	if (players.length !== start.names.length) return null;
	return {
		v: RECORD_VERSION,
		id: seal.match,
		by: seal.by,
		at: seal.at,
		contest: null,
		kind: 'match',
		deleted: false,
		game: start.game,
		config: start.config,
		seats: start.names.map((name, at) => ({ player: players[at], name })),
		notes,
		playedMs: playedMs ?? 0,
		playedByHand,
		// when the players abandoned it; a seal of an earlier build says only that: then when sealed
		abandonedAt: abandoned ? (abandonedAt ?? seal.at) : null,
		createdAt: start.createdAt,
		// last played; a seal of an earlier build does not say: then when sealed
		updatedAt: updatedAt ?? seal.at,
		log: log.map(({ action, at }) => ({ action, at }))
	};
}
