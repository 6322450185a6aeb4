import type { Log, MatchRow } from '$lib/db';
import type { ActionOf, AnyGame, Outcome, Refusal, ScoreSheet, StateOf } from '$lib/rules/common';
import type { GameUi } from '$lib/games/types';
import { pageTaps, type TapSource } from './taps';
import { DoubleTap } from './double-tap';
import { isolate } from './names';
import { MatchStore, type Change, type Gate } from './store';
import type { Timeline } from './timeline';
import type { Dropped, Unsaved } from './entries';

export { DOUBLE_TAP_MS } from './double-tap';
export type { Problem, Unsaved, Dropped } from './entries';

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
 * One open match as its screen sees it: fields kept in step with its store (store.ts, the only
 * writer: docs/architecture.md), and what is the screen's alone: the moment being edited, the
 * last refusal, the double-tap guard. Nothing here replays a log: the store's timeline holds
 * every state.
 *
 * Generic over its game: a panel's `session.state` is its game's state and `session.act` takes
 * its game's actions only, so a misspelt action fails to compile (typed.test.ts).
 */
export class MatchSession<G extends AnyGame = AnyGame> {
	readonly ui: GameUi<G>;
	readonly store: MatchStore<G>;
	readonly #taps: DoubleTap;
	#match = $state.raw<MatchRow>() as MatchRow;
	#timeline = $state.raw<Timeline<G>>() as Timeline<G>;
	#busy = $state(false);
	#unsaved = $state.raw<Unsaved<ActionOf<G>> | null>(null);
	#dropped = $state.raw<Dropped | null>(null);
	#gate = $state.raw<Gate | null>(null);
	#refusal = $state.raw<Refusal | null>(null);
	#editing = $state.raw<Editing<StateOf<G>> | null>(null);
	#editFailure = $state.raw<EditFailure | null>(null);
	#edited = $state.raw<{ index: number; kind: EditKind | 'remove' } | null>(null);
	/** a tap on the control whose entry is being written landed again (said once written) */
	#doubled = false;
	#undone = $state.raw<{ action: ActionOf<G>; before: StateOf<G> } | null>(null);
	#names = $derived(this.#match.seats.map((seat) => isolate(seat.name)));
	#turn = $derived.by((): number | null => this.ui.game.turn(this.state));
	#outcome = $derived.by((): Outcome | null => this.ui.game.outcome(this.state));
	#sheet = $derived.by((): ScoreSheet => this.ui.game.sheet(this.state));

	constructor(ui: GameUi<G>, log: Log, input: TapSource = pageTaps) {
		this.ui = ui;
		this.#taps = new DoubleTap(input);
		this.store = new MatchStore(ui, log);
		this.#pull(null);
		this.store.observe((change) => this.#pull(change));
	}

	get match(): MatchRow {
		return this.#match;
	}
	get actions(): readonly ActionOf<G>[] {
		return this.#timeline.actions;
	}
	/** the state shown: the match now, or the moment being edited */
	get state(): StateOf<G> {
		return this.#editing ? this.#editing.state : this.#timeline.state;
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
		return this.#names;
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
	/** the live layer's gate on this phone (store.ts), null when entries are open */
	get gate(): Gate | null {
		return this.#gate;
	}
	/** a stored log the rules no longer accept (should never happen; shown, never hidden) */
	get broken() {
		return this.#timeline.broken;
	}
	get turn(): number | null {
		return this.#turn;
	}
	get outcome(): Outcome | null {
		return this.#outcome;
	}
	get sheet(): ScoreSheet {
		return this.#sheet;
	}
	/** The last action and the state it was applied to: what "just happened" (none while editing). */
	get last(): { action: ActionOf<G>; before: StateOf<G> } | null {
		return this.#editing ? null : this.#timeline.last;
	}
	/**
	 * The action the last undo here took back and the state it had been applied to, until the
	 * next change of the log: the news line says what was undone (none while editing).
	 */
	get undone(): { action: ActionOf<G>; before: StateOf<G> } | null {
		return this.#editing ? null : this.#undone;
	}
	get canUndo(): boolean {
		return this.#timeline.length > 0 && !this.#busy && !this.#editing && !this.#gate;
	}
	get canRedo(): boolean {
		return this.#timeline.redo.length > 0 && !this.#busy && !this.#editing && !this.#gate;
	}

	/** Action `index` of the log in words, read from the state it was applied to. */
	describe(index: number): string {
		return this.ui.describe(this.actions[index], this.#timeline.stateAt(index), this.names);
	}

	/** Follows the stored match (another tab, a restore); returns the stop. */
	watch(): () => void {
		return this.store.watch();
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
		const asked = this.#taps.ask(action);
		// dropped, and said on the news line: a person who meant two entries taps again. While
		// the first is being written, it is said once that one is answered (its answer clears
		// the news line).
		if (this.#taps.twice(asked)) {
			if (this.#busy) this.#doubled = true;
			else this.#refused({ code: 'double-tap' });
			return false;
		}
		if (this.#busy) return false;
		if (this.#editing) return this.#edit(this.#editing, action);
		this.#taps.writing(asked);
		const done = await this.store.act(action);
		const doubled = this.#doubled;
		this.#doubled = false;
		if (!done.ok && 'refusal' in done) {
			this.#taps.refused();
			return this.#refused(done.refusal);
		}
		this.#taps.accepted(asked); // stored or not, the rules took it: a second tap is twice
		if (doubled) this.#refused({ code: 'double-tap' });
		return done.ok;
	}

	/** Corrects the last action in one tap (a remembered card's diamonds), in one write. */
	async amendLast(action: ActionOf<G>): Promise<boolean> {
		if (this.#busy || !this.last) return false;
		const done = await this.store.amendLast(action);
		if (!done.ok && 'refusal' in done) return this.#refused(done.refusal);
		return done.ok;
	}

	async undo(): Promise<boolean> {
		if (!this.canUndo) return false;
		return (await this.store.undo()).ok;
	}

	async redo(): Promise<boolean> {
		if (!this.canRedo) return false;
		const done = await this.store.redo();
		if (!done.ok && 'refusal' in done) return this.#refused(done.refusal);
		return done.ok;
	}

	/**
	 * Edit the past: the panel goes back to the moment before action `index`, and the next
	 * action entered replaces it ('change') or goes before it ('insert').
	 */
	beginEdit(index: number, kind: EditKind): boolean {
		if (this.#busy || index < 0 || index >= this.#timeline.length) return false;
		this.#editing = { index, kind, state: this.#timeline.stateAt(index) };
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
		const { index, kind } = editing;
		const done = await this.store.edit({ kind, index, action });
		if (done.ok) {
			this.cancelEdit();
			this.#edited = { index, kind };
			return true;
		}
		if ('later' in done && done.later)
			this.#editFailure = { index: done.index, refusal: done.refusal };
		else if ('refusal' in done) this.#refused(done.refusal);
		return false;
	}

	/**
	 * Edit the past: the log without action `index`, replayed from the start. If a later action
	 * no longer follows the rules, nothing changes and the failure says which and why.
	 */
	async removeAction(index: number): Promise<{ ok: true } | ({ ok: false } & EditFailure)> {
		if (this.#busy || index < 0 || index >= this.#timeline.length) {
			return { ok: false, index, refusal: { code: 'malformed-action' } };
		}
		const done = await this.store.edit({ kind: 'remove', index });
		if (done.ok) {
			this.cancelEdit();
			this.#edited = { index, kind: 'remove' };
			return { ok: true };
		}
		if ('index' in done) return { ok: false, index: done.index, refusal: done.refusal };
		if ('refusal' in done) return { ok: false, index, refusal: done.refusal };
		return { ok: false, index: -1, refusal: { code: 'not-saved' } };
	}

	/** Tries the unsaved action again, if it still means what the table entered (store.ts). */
	async retry(): Promise<boolean> {
		if (this.#busy) return false;
		return (await this.store.retry()).ok;
	}

	discard(): void {
		this.store.discard();
	}

	dismissRefusal(): void {
		this.#refusal = null;
	}

	async reload(): Promise<void> {
		await this.store.reload();
	}

	/** A refusal the screen words; a write under way says nothing (the tap simply waits). */
	#refused(refusal: Refusal): false {
		if (refusal.code !== 'busy') this.#refusal = refusal;
		return false;
	}

	/** The store's fields copied into this screen's state, as they change. */
	#pull(change: Change<ActionOf<G>> | null): void {
		const store = this.store;
		this.#busy = store.busy;
		this.#unsaved = store.unsaved;
		this.#dropped = store.dropped;
		this.#gate = store.gate;
		this.#match = store.match;
		if (store.timeline === this.#timeline) return;
		const before = this.#timeline;
		this.#timeline = store.timeline;
		this.#undone = change?.kind === 'undo' ? before.last : null;
		// the log changed: an edit was made on the log before it, and is asked again from this one
		// (a change of the row alone, such as a note, keeps the timeline and the edit open)
		this.cancelEdit();
		this.#edited = null;
		if (change?.origin === 'here') this.#refusal = null;
	}
}
