/**
 * How a group's matches' entries went, in the players' words, for the group's page (docs/group.md,
 * "On the phone: what leaves"): one sentence per match the keeper refused or that is in conflict,
 * naming it as the page names matches (game, when, players); one for the group when its record
 * on the server takes no entries (`kept-whole`), and one when the member's link already has the
 * most keys the keeper takes (`keys-full`: docs/wire.md, "Keys"; what to do is a new invitation,
 * docs/group.md, "Credentials and permissions"). Sent, offline or slowed down says nothing new:
 * the page already says when the phone is offline, and a slowed-down send goes again by itself.
 * Pure apart from the messages. The keeper's own words (components/keeper-words.ts) speak of a
 * live table; these speak of the group.
 */
import { m } from '$lib/paraglide/messages';
import { formatDate } from '$lib/i18n';
import { gameEntry } from '$lib/games/catalog';
import type { MatchRow } from '$lib/db/schema';
import { MAX_MEMBER_KEYS } from '$lib/wire/limits';
import type { EntriesNote } from './status';

/** Refusals about the whole group, not one match: said once, before the matches' lines. */
const GROUP_WIDE = ['kept-whole', 'keys-full'] as const;
type GroupWide = (typeof GROUP_WIDE)[number];
const groupWide = (sent: EntriesNote['sent']): GroupWide | null =>
	sent.kind === 'refused' && (GROUP_WIDE as readonly string[]).includes(sent.why)
		? (sent.why as GroupWide)
		: null;

/** What names a match on the group's page. */
export type NamedMatch = Pick<MatchRow, 'id' | 'game' | 'createdAt' | 'seats'>;

/** A line of the page: about one match (its id, for its link), or about the whole group. */
export interface EntriesLine {
	readonly match: string | null;
	readonly words: string;
}

type Named = { game: string; date: string; names: string };

/** The sentence for one refusal of a match's entries; null when there is nothing new to say. */
function refusalWords(sent: EntriesNote['sent'], named: Named): string | null {
	switch (sent.kind) {
		case 'done':
		case 'offline':
		case 'slow-down':
		case 'waits':
			return null;
		case 'moved':
			return m.group_entries_moved(named);
	}
	switch (sent.why) {
		case 'not-yours':
			return m.group_entries_not_yours(named);
		case 'pen-held':
			return m.group_entries_pen_held(named);
		case 'full':
			return m.group_entries_full(named);
		case 'not-over':
			return m.group_entries_not_over(named);
		case 'not-the-log':
			return m.group_entries_not_the_log(named);
		case 'sealed':
			return m.group_entries_sealed(named);
		case 'refused':
			return m.group_entries_rule(named);
		default:
			// not-passpad, and any word a newer server may answer
			return m.group_entries_not_passpad(named);
	}
}

/**
 * The lines the group's page shows for its matches' entries: the group's own lines first when
 * it keeps its matches whole or takes no more keys for this member (each said once, whatever the
 * number of matches), then one per match
 * refused or in conflict, in the order sent. A match no longer on this phone says nothing.
 */
export function entriesLines(
	notes: readonly EntriesNote[],
	matches: ReadonlyMap<string, NamedMatch>
): EntriesLine[] {
	const lines: EntriesLine[] = [];
	const wide = new Set(notes.map(({ sent }) => groupWide(sent)));
	if (wide.has('kept-whole')) lines.push({ match: null, words: m.group_entries_kept_whole() });
	if (wide.has('keys-full')) {
		lines.push({ match: null, words: m.group_entries_keys_full({ count: MAX_MEMBER_KEYS }) });
	}
	for (const { match, sent } of notes) {
		if (groupWide(sent)) continue;
		const row = matches.get(match);
		if (!row) continue;
		const named = {
			game: gameEntry(row.game)?.name ?? row.game,
			date: formatDate(row.createdAt),
			names: row.seats.map((seat) => seat.name).join(', ')
		};
		const words = refusalWords(sent, named);
		if (words) lines.push({ match, words });
	}
	return lines;
}
