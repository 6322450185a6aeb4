/**
 * A group's conflicts and refusals in the players' words (docs/group.md): what each side says,
 * never a code. Pure apart from the messages.
 */
import { m } from '$lib/paraglide/messages';
import { formatDate, getLocale, type Locale } from '$lib/i18n';
import { gameEntry } from '$lib/games/catalog';
import type { ConflictRow } from '$lib/db/schema';
import type { RefusedNote } from './sync';
import type { Version } from './record';
import type { CatchUp } from './progress';

/** A version's players, "Ana, Ben, Chloé". */
const namesOf = (version: Version) =>
	version.kind === 'match' && !version.deleted
		? version.seats.map((seat) => seat.name).join(', ')
		: '';

/** One side of a match conflict: its moves, or deleted. */
function side(version: Version): string {
	if (version.kind !== 'match') return '';
	return version.deleted
		? m.group_side_deleted()
		: m.group_side_moves({ count: version.log.length });
}

/** One side of an evening's conflict: how far it was drawn and played. */
function drawn(version: Extract<Version, { kind: 'evening' }>): string {
	const started = version.drawn.flatMap((round) => round.tables).filter((t) => t.match !== null);
	// the last round's tables by their players, so a person tells the two draws apart
	const name = (key: string) => version.players.find((player) => player.key === key)?.name ?? key;
	const last = version.drawn.at(-1);
	return m.club_side({
		rounds: m.club_side_rounds({ count: version.drawn.length }),
		tables: m.club_side_tables({ count: started.length }),
		round: version.drawn.length,
		seats: (last?.tables ?? []).map((table) => table.seats.map(name).join(', ')).join(' · ')
	});
}

/** What changed two ways, in one sentence, and (for a match) what each side holds. */
export function conflictWords(conflict: ConflictRow): { what: string; sides: string | null } {
	const mine = conflict.mine as Version;
	const theirs = conflict.theirs as Version;
	if (mine.kind === 'settings' && theirs.kind === 'settings') {
		const what = mine.ratings
			? m.club_conflict_ratings_on_here()
			: m.club_conflict_ratings_off_here();
		return { what, sides: null };
	}
	if (mine.kind === 'evening' && theirs.kind === 'evening') {
		const what = m.club_conflict_evening({ date: formatDate(mine.createdAt) });
		return { what, sides: m.group_conflict_sides({ mine: drawn(mine), theirs: drawn(theirs) }) };
	}
	if (mine.kind === 'player' && theirs.kind === 'player') {
		if (mine.mergedInto)
			return { what: m.group_conflict_merge_mine({ name: theirs.name }), sides: null };
		if (theirs.mergedInto)
			return { what: m.group_conflict_merge_theirs({ name: mine.name }), sides: null };
		if (mine.name !== theirs.name) {
			return {
				what: m.group_conflict_rename({ mine: mine.name, theirs: theirs.name }),
				sides: null
			};
		}
		return { what: m.group_conflict_player({ name: mine.name }), sides: null };
	}
	const kept = [mine, theirs].find((version) => version.kind === 'match' && !version.deleted);
	const game =
		kept && kept.kind === 'match' && !kept.deleted ? (gameEntry(kept.game)?.name ?? kept.game) : '';
	const names = kept ? namesOf(kept) : '';
	const sides = m.group_conflict_sides({ mine: side(mine), theirs: side(theirs) });
	if (mine.kind === 'match' && mine.deleted) {
		return { what: m.group_conflict_deleted_here({ game, names }), sides };
	}
	if (theirs.kind === 'match' && theirs.deleted) {
		return { what: m.group_conflict_deleted_there({ game, names }), sides };
	}
	return { what: m.group_conflict_match({ game, names }), sides };
}

/** Whether "keep both" applies: a match both sides kept. */
export function bothKeepable(conflict: ConflictRow): boolean {
	const mine = conflict.mine as Version;
	const theirs = conflict.theirs as Version;
	return mine.kind === 'match' && theirs.kind === 'match' && !mine.deleted && !theirs.deleted;
}

/** Why a message (or `count` messages) from the group was refused, in one sentence. */
export function refusedWords(note: Pick<RefusedNote, 'why'>, count = 1): string {
	switch (note.why) {
		case 'too-large':
		case 'not-json':
		case 'malformed':
			return m.group_refused_unreadable({ count });
		case 'wrong-subject':
			return m.group_refused_wrong_subject({ count });
		case 'illegal':
			return m.group_refused_illegal({ count });
		case 'invalid':
			return m.group_refused_invalid({ count });
		case 'other-group':
			return m.group_refused_other_group({ count });
	}
}

/** A line of the group's refused messages: those said in the same words, counted. */
export interface RefusedLine {
	readonly words: string;
	readonly count: number;
	/** the newest of them: the line's place, and its key */
	readonly seq: number;
}

/**
 * The refused messages as the group's card lists them: notes whose words are the same make
 * one line with their count, in the notes' order (newest last), each line where its newest is.
 */
export function refusedLines(notes: readonly RefusedNote[]): RefusedLine[] {
	const alike = new Map<string, RefusedNote[]>();
	for (const note of notes) {
		const said = refusedWords(note);
		alike.set(said, [...(alike.get(said) ?? []), note]);
	}
	const lines: RefusedLine[] = [];
	for (const [at, note] of notes.entries()) {
		const same = alike.get(refusedWords(note))!;
		// placed once, at its newest note
		if (same.at(-1) !== notes[at]) continue;
		lines.push({ words: refusedWords(note, same.length), count: same.length, seq: note.seq });
	}
	return lines;
}

/** How far a phone has caught up with the group, its numbers in the language's own way. */
export function catchUpWords(figure: CatchUp, locale: Locale = getLocale()): string {
	const number = new Intl.NumberFormat(locale);
	return m.group_catching_up_figure(
		{
			count: figure.total,
			taken: number.format(figure.taken),
			total: number.format(figure.total)
		},
		{ locale }
	);
}
