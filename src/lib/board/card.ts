/**
 * What one table's card on the board shows (docs/group.md, "The board"), read from the table's
 * checked copy (live/replay.ts): each side's name and total from the game's score sheet, whose
 * turn from the game's `turn`, the news line from the game's own announce, and who won. Pure:
 * the rules and the game's words answer every question, the board only lays them out.
 */
import { m } from '$lib/paraglide/messages';
import { replay, type AnyGame } from '$lib/rules/common';
import type { GameUi, News } from '$lib/games/types';
import type { LiveMatch } from '$lib/live/replay';
import { isolate } from '$lib/match/names';
import { sideName } from '$lib/match/summary';
import { verdict } from '$lib/match/verdict';
import type { Change } from '$lib/live/protocol';

/** What the board needs of a game's screens: its rules, its words for what happened and why not. */
export type BoardUi = Pick<GameUi, 'game' | 'news' | 'describe' | 'refusal'>;

export interface CardSide {
	/** the player, or the team's players joined ("Léa and Sam") */
	readonly name: string;
	readonly total: number;
	/** the seat whose turn it is sits on this side */
	readonly turn: boolean;
	readonly winner: boolean;
}

export interface TableCard {
	readonly sides: readonly CardSide[];
	/** the lowest total wins (I'll Pass, the dominoes): said beside the totals */
	readonly lowerWins: boolean;
	/** "Ana's turn", or null when no one seat acts (the table decides, or the match is over) */
	readonly turn: string | null;
	/** what the last entry did, in the game's own words; null before the first action */
	readonly news: News | null;
	/** "Ana wins!" once the rules say the match is over */
	readonly over: string | null;
	/** why it was won, a sentence, once over */
	readonly why: string | null;
}

/** The log of actions just before entry `index`: the wire's changes folded, no rule asked. */
function actionsBefore(live: LiveMatch, index: number): readonly unknown[] {
	let actions: readonly unknown[] = [];
	for (const entry of live.entries.slice(1, index)) {
		actions = fold(actions, entry.change);
	}
	return actions;
}

function fold(actions: readonly unknown[], change: Change): readonly unknown[] {
	switch (change.kind) {
		case 'act':
			return [...actions, change.action];
		case 'undo':
			return actions.slice(0, -1);
		case 'rewrite':
			return [...actions.slice(0, change.from), ...change.actions];
		default:
			return actions;
	}
}

/** The state before the log's last action: `previous` when it was the copy just before, else a replay. */
function stateBeforeLast(live: LiveMatch, game: AnyGame, previous: LiveMatch | null): unknown {
	if (previous && previous.actions.length === live.actions.length - 1) {
		const last = live.entries[live.entries.length - 1];
		if (last.change.kind === 'act') return previous.state;
	}
	const players = live.start.names.length;
	return replay(game, live.start.config, players, live.actions.slice(0, -1)).state;
}

/**
 * What the last entry that changed the log did: the last action in the game's words, or what
 * an undo took back. A pen passing hands changes no score, so the news before it stays.
 */
export function newsOf(
	live: LiveMatch,
	ui: BoardUi,
	names: readonly string[],
	previous: LiveMatch | null = null
): News | null {
	let index = live.entries.length - 1;
	while (index > 0 && live.entries[index].change.kind === 'pen') index--;
	const change = live.entries[index].change;
	if (change.kind === 'undo') {
		const before = actionsBefore(live, index);
		const undone = before[before.length - 1];
		if (undone === undefined) return null;
		// after an undo (and any pen passed since) the state is the one the undone action met
		return {
			text: m.match_undone({ action: ui.describe(undone, live.state, names) }),
			tone: 'normal'
		};
	}
	if (change.kind !== 'act' && change.kind !== 'rewrite') return null;
	const action = live.actions[live.actions.length - 1];
	if (action === undefined) return null;
	const before = stateBeforeLast(
		live,
		ui.game,
		index === live.entries.length - 1 ? previous : null
	);
	const told = ui.news?.(action, before, live.state, names);
	return told ?? { text: ui.describe(action, before, names), tone: 'normal' };
}

/** A table's card from its checked copy. `previous`: the copy before the last entry, if known. */
export function cardOf(live: LiveMatch, ui: BoardUi, previous: LiveMatch | null = null): TableCard {
	const { game } = ui;
	const names = live.start.names.map(isolate);
	const sheet = game.sheet(live.state);
	const outcome = game.outcome(live.state);
	const turn = outcome ? null : game.turn(live.state);
	const said = outcome
		? verdict(
				{
					game: game.id,
					status: 'finished',
					result: { ...outcome, sides: sheet.sides.map((side) => side.seats) }
				},
				names
			)
		: null;
	return {
		sides: sheet.sides.map((side, index) => ({
			name: sideName(side.seats, names),
			total: sheet.totals[index] ?? 0,
			turn: turn !== null && side.seats.includes(turn),
			winner: !!outcome?.winners.includes(index)
		})),
		lowerWins: sheet.lowerWins,
		turn: turn === null ? null : m.match_turn({ name: names[turn] ?? '' }),
		news: newsOf(live, ui, names, previous),
		over: said?.winnerLine ?? null,
		why: said?.why || null
	};
}
