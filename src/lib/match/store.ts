import {
	abandonMatch,
	appendAction,
	handOverMatch,
	redoAction,
	removeMatch,
	replaceLog,
	restoreMatch,
	resumeMatch,
	setNotes,
	setTimePlayed,
	undoAction,
	database,
	type LogSummary,
	type MatchRow,
	type PasspadDb,
	type RemovedMatch
} from '$lib/db';
import type { ActionOf, AnyGame } from '$lib/rules/common';
import type { PastEdit } from './timeline';
import { stillMeans, type Done } from './entries';
import { GateClosed, type EditDone, type Gate, type Incoming } from './port';
import { BUSY, HeldMatch, open } from './held';

/**
 * One open match, and the only writer of it (docs/architecture.md, "Who writes what"): every
 * change to the match is asked of its store, and written by HeldMatch (held.ts) in one
 * transaction. The live layer plugs in by subscribe, receive and setGate (port.ts).
 */
export class MatchStore<G extends AnyGame = AnyGame> extends HeldMatch<G> {
	/** A new action at the end of the log. */
	act(action: ActionOf<G>): Promise<Done> {
		const closed = this.closed();
		if (closed) return closed;
		const step = this.heldTimeline.apply(action);
		if (!step.ok) return Promise.resolve(step);
		return this.entry(
			'act',
			step.timeline,
			// a live match's outbox row is written in the same transaction (docs/wire.md)
			(id, at, summary) =>
				appendAction(id, at, action, summary, [{ kind: 'act', action }], this.db),
			{ kind: 'act', action, before: this.heldTimeline.state }
		);
	}

	undo(): Promise<Done> {
		const closed = this.closed();
		if (closed) return closed;
		const last = this.heldTimeline.last;
		const next = this.heldTimeline.undo();
		if (!last || !next) return Promise.resolve({ ok: false, refusal: { code: 'nothing-to-undo' } });
		const save = (id: string, at: number, summary: LogSummary) =>
			undoAction(id, at, summary, [{ kind: 'undo' }], this.db);
		return this.entry('undo', next, save, { kind: 'undo', ...last });
	}

	redo(): Promise<Done> {
		const closed = this.closed();
		if (closed) return closed;
		const step = this.heldTimeline.redone();
		if (!step) return Promise.resolve({ ok: false, refusal: { code: 'nothing-to-redo' } });
		if (!step.ok) return Promise.resolve(step);
		const action = this.heldTimeline.redo.at(-1) as ActionOf<G>;
		const save = (id: string, at: number, summary: LogSummary) =>
			redoAction(id, at, summary, [{ kind: 'act', action }], this.db);
		return this.entry('redo', step.timeline, save, {
			kind: 'redo',
			action,
			before: this.heldTimeline.state
		});
	}

	/** Edit the past: changed, added before or taken out, replayed, saved whole in one write. */
	edit(edit: PastEdit<ActionOf<G>>, kind: 'edit' | 'amend' = 'edit'): Promise<EditDone> {
		const closed = this.closed();
		if (closed) return closed;
		const result = this.heldTimeline.edit(edit);
		if (!result.ok) return Promise.resolve(result);
		const next = result.timeline;
		const action = edit.kind === 'remove' ? this.heldTimeline.actions[edit.index] : edit.action;
		const before = this.heldTimeline.stateAt(edit.index);
		// the table is sent the log from the edited place on (docs/live.md, "The protocol")
		const send = [
			{ kind: 'rewrite' as const, from: edit.index, actions: next.actions.slice(edit.index) }
		];
		const save = (id: string, at: number, summary: LogSummary) =>
			replaceLog(id, at, next.actions, summary, send, this.db);
		return this.entry(kind, next, save, {
			kind: 'edit',
			action,
			before
		});
	}

	/** The last action replaced in one write (a remembered card's diamonds). */
	amendLast(action: ActionOf<G>): Promise<EditDone> {
		const index = this.heldTimeline.length - 1;
		if (index < 0) return Promise.resolve({ ok: false, refusal: { code: 'nothing-to-amend' } });
		return this.edit({ kind: 'change', index, action }, 'amend');
	}

	/**
	 * Tries the unsaved entry again, re-checked against the log as it is now: tried only if it
	 * is still the same seat's action with the same meaning, else left out (`dropped`). Never
	 * stuck: every call saves, or clears the notice.
	 */
	async retry(): Promise<Done> {
		const unsaved = this.unsaved;
		if (!unsaved) return { ok: false, refusal: { code: 'nothing-unsaved' } };
		if (this.writing) return BUSY;
		if (!stillMeans(this.words, this.heldTimeline, unsaved, this.names)) {
			this.keepUnsaved(null);
			// an edit is asked again from the log, where it was made: nothing to say it was dropped
			if (unsaved.kind !== 'edit') {
				this.heldDropped = { kind: unsaved.kind, description: unsaved.description };
			}
			this.tell(null);
			return { ok: false, refusal: { code: 'dropped' } };
		}
		if (unsaved.kind === 'undo') return this.undo();
		if (unsaved.kind === 'redo') return this.redo();
		return this.act(unsaved.action);
	}

	/** Forgets the unsaved entry, and the word that one was dropped. */
	discard(): void {
		if (this.unsaved) this.keepUnsaved(null);
		this.heldDropped = null;
		this.tell(null);
	}

	/** The players' note; '' removes it. Rejects as storage does. */
	setNotes(notes: string): Promise<MatchRow> {
		return this.row('notes', (id) => setNotes(id, notes, this.db));
	}
	/** The time played set by hand, or (null) measured again from the log. */
	setTimePlayed(ms: number | null): Promise<MatchRow> {
		return this.row('played', (id) => setTimePlayed(id, ms, this.db));
	}
	abandon(): Promise<MatchRow> {
		return this.row('status', (id) => abandonMatch(id, Date.now(), this.db));
	}
	resume(): Promise<MatchRow> {
		return this.row('status', (id) => resumeMatch(id, this.db));
	}
	handOver(): Promise<MatchRow> {
		return this.row('handover', (id) => handOverMatch(id, Date.now(), this.db));
	}

	/** Deletes the match and its log in one transaction; returns both, for Undo. */
	async remove(): Promise<RemovedMatch> {
		if (this.heldGate?.readOnly) throw new GateClosed(this.heldGate.code);
		const removed = await removeMatch(this.heldMatch.id, this.db);
		this.tell(this.change('delete', 'here'));
		return removed;
	}

	/** A match deleted from a list: through its open store if a screen shows it. */
	static delete(id: string, db: PasspadDb = database()): Promise<RemovedMatch> {
		const held = open.get(id) as MatchStore | undefined;
		return held && held.db === db ? held.remove() : removeMatch(id, db);
	}

	/** Undo of a delete: the match written back whole (refused if its id is taken again). */
	static async restore(removed: RemovedMatch, db: PasspadDb = database()): Promise<void> {
		await restoreMatch(removed, db);
		const held = open.get(removed.match.id);
		if (held?.db === db) held.restored(removed.match);
	}

	/**
	 * The sync port: a change that came from elsewhere, already proven by the caller, written
	 * through the same one-transaction path. Refused ('moved') unless the log here is `expected`
	 * long, so a change is never applied to a log it was not made on.
	 */
	receive(incoming: Incoming<ActionOf<G>>, expected: number): Promise<Done> {
		if (this.writing) return Promise.resolve(BUSY);
		if (this.heldTimeline.length !== expected) {
			return Promise.resolve({ ok: false, refusal: { code: 'moved' } });
		}
		if ('append' in incoming) {
			const step = this.heldTimeline.apply(incoming.append);
			if (!step.ok) return Promise.resolve(step);
			const save = (id: string, at: number, summary: LogSummary) =>
				appendAction(id, at, incoming.append, summary, [], this.db);
			return this.entry('act', step.timeline, save, null, 'live');
		}
		const next = this.heldTimeline.replaced(incoming.actions);
		if (next.broken) return Promise.resolve({ ok: false, refusal: next.broken.refusal });
		const save = (id: string, at: number, summary: LogSummary) =>
			replaceLog(id, at, next.actions, summary, [], this.db);
		return this.entry('edit', next, save, null, 'live');
	}

	/** The live layer's gate (null: open). The screen reads `gate` to say why, or to hide controls. */
	setGate(gate: Gate | null): void {
		this.heldGate = gate;
		this.tell(null);
	}
}

export type { Done, Dropped, Unsaved, Problem, EntryKind, Words } from './entries';
export type { Change, ChangeKind, Origin, Incoming, Gate, EditDone } from './port';
export { GateClosed } from './port';
