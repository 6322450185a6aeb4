import { liveQuery, type Subscription } from 'dexie';
import {
	appendAction,
	getMatch,
	loadLog,
	redoAction,
	replaceLog,
	storageProblem,
	type StorageProblem,
	undoAction,
	type Log,
	type MatchRow
} from '$lib/db';
import {
	replay,
	type ActionOf,
	type AnyGame,
	type Outcome,
	type Refusal,
	type ScoreSheet,
	type StateOf
} from '$lib/rules/common';
import type { GameUi } from '$lib/games/types';
import { summarize } from './summary';
import { pageTaps, type Press, type TapSource } from './taps';
import { isolate } from './names';

/** Two asks of the same action closer than this are one tap landing twice (a double tap). */
export const DOUBLE_TAP_MS = 300;

/** An entry asked for: its kind, when, and the press that asked it. */
interface Asked {
	readonly type: unknown;
	readonly at: number;
	readonly press: Press;
}

export type Problem = StorageProblem;

/** An action the rules accepted but storage did not: shown until saved or discarded. */
export interface Unsaved<Action = unknown> {
	readonly kind: 'act' | 'undo' | 'redo' | 'edit';
	readonly action: Action;
	readonly problem: Problem;
	/**
	 * The action in words, read from the state it was entered on ("Ana passed on 17"): after
	 * another tab's write the state has moved, and the same action would now read otherwise.
	 */
	readonly description: string;
	/** whose action it was: the seat it names, else whose turn it was (null: nobody's) */
	readonly seat: number | null;
}

/** An unsaved action that was not tried again: the match had moved on and it meant otherwise. */
export interface Dropped {
	readonly kind: Unsaved['kind'];
	readonly description: string;
}

/** Edit the past: change an earlier action, or add one the table forgot before it. */
export type EditKind = 'change' | 'insert';

interface Editing<State> {
	readonly index: number;
	readonly kind: EditKind;
	/** the state just before action `index`: what the panel shows while the table re-enters it */
	readonly state: State;
}

/** Why an edit was not made: the later action that no longer follows the rules. */
export interface EditFailure {
	/** index in the log as it stands now */
	readonly index: number;
	readonly refusal: Refusal;
}

/**
 * One open match: its log as stored, the state folded from it, and the only way to change it.
 * Nothing is shown as done before its transaction has committed; another tab's writes arrive
 * through Dexie's liveQuery and are replayed the same way.
 *
 * Generic over its game: a panel's `session.state` is its game's state and `session.act` takes
 * its game's actions only, so a misspelt action fails to compile (typed.test.ts).
 */
export class MatchSession<G extends AnyGame = AnyGame> {
	readonly ui: GameUi<G>;
	#match = $state.raw<MatchRow>() as MatchRow;
	#actions = $state.raw<readonly ActionOf<G>[]>([]);
	#state = $state.raw<StateOf<G>>() as StateOf<G>;
	#busy = $state(false);
	#refusal = $state.raw<Refusal | null>(null);
	#unsaved = $state.raw<Unsaved<ActionOf<G>> | null>(null);
	#dropped = $state.raw<Dropped | null>(null);
	#broken = $state.raw<{ index: number; refusal: Refusal } | null>(null);
	#editing = $state.raw<Editing<StateOf<G>> | null>(null);
	#editFailure = $state.raw<EditFailure | null>(null);
	#edited = $state.raw<{ index: number; kind: EditKind | 'remove' } | null>(null);
	#watch: Subscription | null = null;
	/** the state before the last action of `#actions`, kept by identity of that array */
	#before: { actions: readonly ActionOf<G>[]; state: StateOf<G> } | null = null;
	/** the last action asked for and when: a second tap on the same button is not a new entry */
	#lastAsked: Asked | null = null;

	readonly #input: TapSource;

	constructor(ui: GameUi<G>, log: Log, input: TapSource = pageTaps) {
		this.ui = ui;
		this.#input = input;
		this.#adopt(log);
	}

	get match(): MatchRow {
		return this.#match;
	}
	get actions(): readonly ActionOf<G>[] {
		return this.#actions;
	}
	/** the state shown: the match now, or the moment being edited */
	get state(): StateOf<G> {
		return this.#editing ? this.#editing.state : this.#state;
	}
	/** the action being changed (or that a missed action goes before), while editing the past */
	get editing(): { index: number; kind: EditKind } | null {
		const editing = this.#editing;
		return editing && { index: editing.index, kind: editing.kind };
	}
	/** the last edit made, until the next change to the log (for a "replayed" notice) */
	get edited(): { index: number; kind: EditKind | 'remove' } | null {
		return this.#edited;
	}
	/** the last edit the rest of the log refused, until the next edit or cancel */
	get editFailure(): EditFailure | null {
		return this.#editFailure;
	}
	/** the seats' names as screens show them: isolated where they could turn a line around */
	get names(): string[] {
		return this.#match.seats.map((seat) => isolate(seat.name));
	}
	get busy(): boolean {
		return this.#busy;
	}
	/** the last refusal, until the next accepted action */
	get refusal(): Refusal | null {
		return this.#refusal;
	}
	get unsaved(): Unsaved<ActionOf<G>> | null {
		return this.#unsaved;
	}
	/** the unsaved action "Try again" left out, until dismissed or the next change */
	get dropped(): Dropped | null {
		return this.#dropped;
	}
	/** a stored log the rules no longer accept (should never happen; shown, never hidden) */
	get broken() {
		return this.#broken;
	}
	get turn(): number | null {
		return this.ui.game.turn(this.state);
	}
	get outcome(): Outcome | null {
		return this.ui.game.outcome(this.state);
	}
	get sheet(): ScoreSheet {
		return this.ui.game.sheet(this.state);
	}
	/**
	 * The last action of the log and the state it was applied to: what the table is told
	 * "just happened" (none while editing the past).
	 */
	get last(): { action: ActionOf<G>; before: StateOf<G> } | null {
		const actions = this.#actions;
		if (actions.length === 0 || this.#editing) return null;
		if (this.#before?.actions !== actions) {
			const { state } = replay(
				this.ui.game,
				this.#match.config,
				this.#match.seats.length,
				actions.slice(0, -1)
			);
			this.#before = { actions, state };
		}
		return { action: actions[actions.length - 1], before: this.#before.state };
	}
	get canUndo(): boolean {
		return this.#actions.length > 0 && !this.#busy && !this.#editing;
	}
	get canRedo(): boolean {
		return this.#match.redo.length > 0 && !this.#busy && !this.#editing;
	}

	/** Action `index` of the log in words, read from the state it was applied to. */
	describe(index: number): string {
		const before = this.#actions.slice(0, index);
		const { state } = replay(this.ui.game, this.#match.config, this.#match.seats.length, before);
		return this.ui.describe(this.#actions[index], state, this.names);
	}

	/**
	 * Follows the stored log, so a second tab or a restore shows the same state. Only the match
	 * row is watched: every write moves its revision on, so the log is read again only when the
	 * row says someone else wrote (this session's own writes already show their result).
	 */
	watch(): () => void {
		const id = this.#match.id;
		this.#watch = liveQuery(() => getMatch(id)).subscribe({
			next: (row) => {
				if (row && this.#newer(row)) void this.#follow(id);
			},
			error: () => {
				// a read failure leaves the last good state on screen; writes report their own errors
			}
		});
		return () => this.#watch?.unsubscribe();
	}

	/** Another writer's log, read whole and replayed (what the row alone cannot tell). */
	async #follow(id: string): Promise<void> {
		let log: Log;
		try {
			log = await loadLog(id);
		} catch {
			return; // as a failed read above: the last good state stays
		}
		// this session may have written while the log was read: then its screen is newer
		if (!this.#newer(log.match)) return;
		// another tab changed the log: the action being edited may be gone
		this.cancelEdit();
		this.#adopt(log);
	}

	/** A row someone else wrote after what this session shows (never while it writes itself). */
	#newer(row: MatchRow): boolean {
		if (this.#busy || !this.#differs(row)) return false;
		// a read that began before this session's last write: the screen already shows newer
		return (row.revision ?? 0) >= (this.#match.revision ?? 0);
	}

	/** Would the rules accept this action now? (for disabling buttons, never stored) */
	check(action: ActionOf<G>): Refusal | null {
		const result = this.ui.game.apply(this.state, action);
		return result.ok ? null : result.refusal;
	}

	/**
	 * Applies an action: refused with a reason, or written to storage and only then shown.
	 * While editing the past, the action replaces (or goes before) the one being edited.
	 */
	async act(action: ActionOf<G>): Promise<boolean> {
		if (this.#busy) return false;
		const asked = this.#ask(action);
		if (this.#doubleTap(asked)) return false;
		if (this.#editing) return this.#edit(this.#editing, action);
		const result = this.ui.game.apply(this.#state, action);
		if (!result.ok) {
			this.#refusal = result.refusal;
			return false;
		}
		// a refused entry records nothing, so only an accepted one can be tapped twice
		this.#lastAsked = asked;
		const before = this.#state;
		return this.#write('act', action, before, result.value, [...this.#actions, action], () =>
			appendAction(
				this.#match.id,
				this.#actions.length,
				action,
				summarize(this.ui.game, result.value)
			)
		);
	}

	#ask(action: ActionOf<G>): Asked | null {
		const press = this.#input.press();
		if (press === null) return null; // no presses to tell a double tap by
		return { type: action?.type, at: this.#input.now(), press };
	}

	/**
	 * A double tap: the same kind of action asked again from the same control within
	 * DOUBLE_TAP_MS, with no other press in between. The first tap's action may already be saved,
	 * and the button now means the same thing for the next seat (PASS's Pass, I'll Pass's Pass):
	 * the second is dropped.
	 */
	#doubleTap(asked: Asked | null): boolean {
		const previous = this.#lastAsked;
		return (
			asked !== null &&
			previous !== null &&
			previous.type === asked.type &&
			previous.press.target === asked.press.target &&
			asked.press.count - previous.press.count <= 1 &&
			asked.at - previous.at < DOUBLE_TAP_MS
		);
	}

	/**
	 * Corrects the last action in one tap (a remembered card's diamonds): the log with that
	 * action replaced, replayed through the rules, saved as one write.
	 */
	async amendLast(action: ActionOf<G>): Promise<boolean> {
		const last = this.last; // none while editing or before the first action
		if (this.#busy || !last) return false;
		const index = this.#actions.length - 1;
		const failure = await this.#rewrite(
			[...this.#actions.slice(0, index), action],
			action,
			last.before,
			(at) => at
		);
		if (failure && failure.refusal.code !== 'not-saved') this.#refusal = failure.refusal;
		return failure === null;
	}

	async undo(): Promise<boolean> {
		if (!this.canUndo) return false;
		const actions = this.#actions.slice(0, -1);
		const { state } = replay(this.ui.game, this.#match.config, this.#match.seats.length, actions);
		return this.#write('undo', this.#actions.at(-1), state, state, actions, () =>
			undoAction(this.#match.id, this.#actions.length, summarize(this.ui.game, state))
		);
	}

	async redo(): Promise<boolean> {
		if (!this.canRedo) return false;
		// the redo stack holds actions the rules accepted before they were undone
		const action = this.#match.redo.at(-1) as ActionOf<G>;
		const result = this.ui.game.apply(this.#state, action);
		if (!result.ok) {
			this.#refusal = result.refusal;
			return false;
		}
		const before = this.#state;
		return this.#write('redo', action, before, result.value, [...this.#actions, action], () =>
			redoAction(this.#match.id, this.#actions.length, summarize(this.ui.game, result.value))
		);
	}

	/**
	 * Edit the past: the panel goes back to the moment before action `index`, and the next
	 * action entered replaces it ('change') or goes before it ('insert').
	 */
	beginEdit(index: number, kind: EditKind): boolean {
		if (this.#busy || index < 0 || index >= this.#actions.length) return false;
		const before = this.#actions.slice(0, index);
		const { state } = replay(this.ui.game, this.#match.config, this.#match.seats.length, before);
		this.#editing = { index, kind, state };
		this.#editFailure = null;
		this.#refusal = null;
		return true;
	}

	cancelEdit(): void {
		this.#editing = null;
		this.#editFailure = null;
		this.#refusal = null;
	}

	async #edit(editing: Editing<StateOf<G>>, action: ActionOf<G>): Promise<boolean> {
		const accepted = this.ui.game.apply(editing.state, action);
		if (!accepted.ok) {
			this.#refusal = accepted.refusal;
			return false;
		}
		const { index, kind } = editing;
		const rest = this.#actions.slice(index + (kind === 'change' ? 1 : 0));
		const actions = [...this.#actions.slice(0, index), action, ...rest];
		// a failing later action, counted in the log as it stands now
		const failure = await this.#rewrite(actions, action, editing.state, (at) =>
			kind === 'insert' && at > index ? at - 1 : at
		);
		if (failure) {
			if (failure.refusal.code !== 'not-saved') this.#editFailure = failure;
			return false;
		}
		this.cancelEdit();
		this.#edited = { index, kind };
		return true;
	}

	/**
	 * Edit the past: the log without action `index`, replayed from the start. If a later action
	 * no longer follows the rules, nothing changes and the failure says which and why.
	 */
	async removeAction(index: number): Promise<{ ok: true } | ({ ok: false } & EditFailure)> {
		if (this.#busy || index < 0 || index >= this.#actions.length) {
			return { ok: false, index, refusal: { code: 'malformed-action' } };
		}
		const actions = this.#actions.filter((_, at) => at !== index);
		const { state: before } = replay(
			this.ui.game,
			this.#match.config,
			this.#match.seats.length,
			this.#actions.slice(0, index)
		);
		const failure = await this.#rewrite(actions, this.#actions[index], before, (at) =>
			at >= index ? at + 1 : at
		);
		if (failure) return { ok: false, ...failure };
		this.cancelEdit();
		this.#edited = { index, kind: 'remove' };
		return { ok: true };
	}

	/** Replays a rewritten log from the start and saves it whole, or says which action fails. */
	async #rewrite(
		actions: ActionOf<G>[],
		action: ActionOf<G>,
		before: StateOf<G>,
		toCurrentIndex: (index: number) => number
	): Promise<EditFailure | null> {
		const replayed = replay(this.ui.game, this.#match.config, this.#match.seats.length, actions);
		if (replayed.failure) {
			return {
				index: toCurrentIndex(replayed.failure.index),
				refusal: replayed.failure.refusal
			};
		}
		const saved = await this.#write('edit', action, before, replayed.state, actions, () =>
			replaceLog(
				this.#match.id,
				this.#actions.length,
				actions,
				summarize(this.ui.game, replayed.state)
			)
		);
		return saved ? null : { index: -1, refusal: { code: 'not-saved' } };
	}

	/**
	 * Tries the unsaved action again (after freeing space, closing private mode, or another
	 * tab's write). It is re-checked against the log as it is now: tried only if it is still
	 * the same seat's action and means the same thing ("Ana passed on 17"); otherwise it is
	 * left out and `dropped` says so. Never stuck: every press saves, or clears the notice.
	 */
	async retry(): Promise<boolean> {
		const unsaved = this.#unsaved;
		if (!unsaved || this.#busy) return false;
		if (unsaved.kind === 'edit') {
			this.#unsaved = null; // an edit is asked again from the log, where it was made
			return false;
		}
		if (!this.#stillMeans(unsaved)) {
			this.#unsaved = null;
			this.#dropped = { kind: unsaved.kind, description: unsaved.description };
			return false;
		}
		if (unsaved.kind === 'undo') return this.undo();
		if (unsaved.kind === 'redo') return this.redo();
		return this.act(unsaved.action);
	}

	/** Whether the unsaved action would be, now, what the table entered: same seat, same words. */
	#stillMeans(unsaved: Unsaved<ActionOf<G>>): boolean {
		const same = (action: unknown) => JSON.stringify(action) === JSON.stringify(unsaved.action);
		if (unsaved.kind === 'undo') {
			// the action to take back must still be the last one, as it was
			if (!this.canUndo || !same(this.#actions.at(-1))) return false;
			const before = replay(
				this.ui.game,
				this.#match.config,
				this.#match.seats.length,
				this.#actions.slice(0, -1)
			).state;
			return this.#entered(unsaved.action, before).description === unsaved.description;
		}
		if (unsaved.kind === 'redo' && (!this.canRedo || !same(this.#match.redo.at(-1)))) {
			return false;
		}
		if (this.ui.game.outcome(this.#state) || !this.ui.game.apply(this.#state, unsaved.action).ok) {
			return false;
		}
		const now = this.#entered(unsaved.action, this.#state);
		return now.seat === unsaved.seat && now.description === unsaved.description;
	}

	/** An action in words and whose it is, read from the state it is entered on. */
	#entered(action: ActionOf<G>, before: StateOf<G>): { description: string; seat: number | null } {
		const named: unknown = action?.seat;
		return {
			description: this.ui.describe(action, before, this.names),
			seat: typeof named === 'number' ? named : this.ui.game.turn(before)
		};
	}

	discard(): void {
		this.#unsaved = null;
		this.#dropped = null;
	}

	dismissRefusal(): void {
		this.#refusal = null;
	}

	async #write(
		kind: Unsaved['kind'],
		action: ActionOf<G>,
		before: StateOf<G>,
		next: StateOf<G>,
		actions: ActionOf<G>[],
		save: () => Promise<MatchRow>
	): Promise<boolean> {
		this.#busy = true;
		const started = performance.now();
		try {
			const match = await save();
			// User Timing: devtools and `npm run bench` read how long a commit takes
			performance.measure('passpad:commit', { start: started });
			if (kind === 'act' && !this.#editing) this.#before = { actions, state: this.#state };
			this.#match = match;
			this.#actions = actions;
			this.#state = next;
			this.#refusal = null;
			this.#unsaved = null;
			this.#dropped = null;
			this.#edited = null;
			return true;
		} catch (error) {
			const problem = storageProblem(error);
			// worded now, from the state it was entered on, before a reload moves the state
			this.#unsaved = { kind, action, problem, ...this.#entered(action, before) };
			if (problem === 'conflict') {
				this.cancelEdit(); // the log moved under the edit: it is asked again from there
				await this.reload();
			}
			return false;
		} finally {
			this.#busy = false;
		}
	}

	async reload(): Promise<void> {
		this.#adopt(await loadLog(this.#match.id));
	}

	#differs(row: MatchRow): boolean {
		return (
			row.length !== this.#actions.length ||
			row.updatedAt !== this.#match.updatedAt ||
			row.revision !== this.#match.revision ||
			row.redo.length !== this.#match.redo.length
		);
	}

	#adopt(log: Log): void {
		const replayed = replay(this.ui.game, log.match.config, log.match.seats.length, log.actions);
		this.#match = log.match;
		// the actions the rules accepted, in order: from here on they are this game's actions
		this.#actions = log.actions.slice(0, replayed.applied) as ActionOf<G>[];
		this.#state = replayed.state;
		this.#broken = replayed.failure;
	}
}
