import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, seeded, type AnyGame } from '$lib/rules/common';
import { illPass } from '$lib/rules/ill-pass';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { passPass } from '$lib/rules/pass-pass';
import { game as passPassGame, simulate } from '$lib/rules/pass-pass/simulate';
import { dominoes } from '$lib/rules/dominoes';
import { legalMatch, matchInput } from '$lib/rules/dominoes/simulate';
import { climbing } from '$lib/rules/climbing';
import { match as climbingMatch, randomMatch } from '$lib/rules/climbing/simulate';
import { Timeline, type PastEdit } from './timeline';

interface Played {
	game: AnyGame;
	config: unknown;
	players: number;
	actions: readonly unknown[];
}

/** A legal log of any of the four games, from its own simulator. */
const played: fc.Arbitrary<Played> = fc.oneof(
	fc.integer({ min: 1, max: 2 ** 30 }).map((seed) => {
		const g = randomGame(seeded(seed));
		return { game: illPass, config: g.config, players: g.players, actions: g.actions };
	}),
	passPassGame.map((input) => {
		const g = simulate(input);
		return { game: passPass, config: g.config, players: input.players, actions: g.actions };
	}),
	matchInput.map((input) => {
		const g = legalMatch(input);
		return { game: dominoes, config: g.config, players: 4, actions: g.actions };
	}),
	climbingMatch.map((input) => {
		const g = randomMatch(input, 120);
		return { game: climbing, config: g.config, players: g.players, actions: g.actions };
	})
);

const timelineOf = (p: Played) => Timeline.of(p.game, p.config, p.players, p.actions);
const RUNS = { numRuns: 40 };

describe('Timeline: the state at any point is the fold of the log up to it', () => {
	it('any prefix replays to the fold of its actions', () => {
		fc.assert(
			fc.property(played, fc.nat(), (p, pick) => {
				const timeline = timelineOf(p);
				expect(timeline.actions).toEqual(p.actions);
				const at = pick % (p.actions.length + 1);
				const folded = replay(p.game, p.config, p.players, p.actions.slice(0, at));
				expect(timeline.stateAt(at)).toEqual(folded.state);
				expect(timeline.state).toEqual(replay(p.game, p.config, p.players, p.actions).state);
			}),
			RUNS
		);
	});

	it('the last action and the state before it', () => {
		fc.assert(
			fc.property(played, (p) => {
				const timeline = timelineOf(p);
				if (p.actions.length === 0) return expect(timeline.last).toBeNull();
				expect(timeline.last!.action).toEqual(p.actions.at(-1));
				expect(timeline.last!.before).toEqual(timeline.stateAt(p.actions.length - 1));
			}),
			RUNS
		);
	});

	it('a stored log the rules refuse stops at the refused action and says which', () => {
		const g = randomGame(seeded(5), 3);
		const log = [...g.actions.slice(0, 3), { type: 'reveal', card: 99 }, ...g.actions.slice(3)];
		const timeline = Timeline.of(illPass, g.config, 3, log);
		expect(timeline.length).toBe(3);
		expect(timeline.broken).toEqual({ index: 3, refusal: expect.objectContaining({}) });
	});
});

describe('Timeline: undo and redo', () => {
	it('undo then redo is the identity, any number of times', () => {
		fc.assert(
			fc.property(played, fc.nat(), (p, pick) => {
				const timeline = timelineOf(p);
				const times = pick % (p.actions.length + 1);
				let moved = timeline;
				for (let i = 0; i < times; i++) moved = moved.undo()!;
				expect(moved.length).toBe(p.actions.length - times);
				expect(moved.state).toEqual(timeline.stateAt(p.actions.length - times));
				for (let i = 0; i < times; i++) {
					const step = moved.redone();
					if (!step?.ok) throw new Error('an undone action is legal again');
					moved = step.timeline;
				}
				expect(moved.actions).toEqual(timeline.actions);
				expect(moved.state).toEqual(timeline.state);
				expect(moved.redo).toEqual([]);
			}),
			RUNS
		);
	});

	it('nothing to undo or redo is said as null, and a new action forgets the redo stack', () => {
		const g = randomGame(seeded(8), 3);
		const empty = Timeline.of(illPass, g.config, 3, []);
		expect(empty.undo()).toBeNull();
		expect(empty.redone()).toBeNull();
		const two = Timeline.of(illPass, g.config, 3, g.actions.slice(0, 2)).undo()!;
		expect(two.redo).toEqual([g.actions[1]]);
		const again = two.apply(g.actions[1]);
		expect(again.ok && again.timeline.redo).toEqual([]);
	});
});

/** The edit that takes `edit` back, given the log it was made on. */
function reverse(edit: PastEdit<unknown>, log: readonly unknown[]): PastEdit<unknown> {
	if (edit.kind === 'change') return { kind: 'change', index: edit.index, action: log[edit.index] };
	if (edit.kind === 'insert') return { kind: 'remove', index: edit.index };
	return { kind: 'insert', index: edit.index, action: log[edit.index] };
}

/** An edit of a non-empty log: its actions moved about, as a table's slip would. */
const anEdit = (p: Played) =>
	fc
		.record({ kind: fc.constantFrom('change', 'insert', 'remove'), at: fc.nat(), from: fc.nat() })
		.map(({ kind, at, from }): PastEdit<unknown> => {
			const index = at % p.actions.length;
			const action = p.actions[from % p.actions.length];
			return kind === 'remove' ? { kind, index } : ({ kind, index, action } as PastEdit<unknown>);
		});

const nonEmpty = played.filter((p) => p.actions.length > 0);

describe('Timeline: edit the past', () => {
	it('an edit then its reverse gives back the log; a refused edit changes nothing', () => {
		let made = 0;
		let refused = 0;
		fc.assert(
			fc.property(
				nonEmpty.chain((p) => fc.tuple(fc.constant(p), anEdit(p))),
				([p, edit]) => {
					const timeline = timelineOf(p);
					const result = timeline.edit(edit as PastEdit<never>);
					if (!result.ok) {
						refused++;
						expect(timeline.actions).toEqual(p.actions);
						expect(result.index).toBeGreaterThanOrEqual(edit.index);
						expect(result.index).toBeLessThan(p.actions.length);
						// the refusal is the rules' own, at the moment it names
						if (result.later) {
							const before = replay(p.game, p.config, p.players, editedLog(p.actions, edit));
							expect(before.failure?.refusal).toEqual(result.refusal);
						}
						return;
					}
					made++;
					expect(result.timeline.actions).toEqual(editedLog(p.actions, edit));
					expect(result.timeline.state).toEqual(
						replay(p.game, p.config, p.players, result.timeline.actions).state
					);
					const back = result.timeline.edit(reverse(edit, p.actions) as PastEdit<never>);
					if (!back.ok) throw new Error(`the reverse of an edit fits: ${back.refusal.code}`);
					expect(back.timeline.actions).toEqual(p.actions);
					expect(back.timeline.state).toEqual(timeline.state);
				}
			),
			{ numRuns: 150 }
		);
		// both sides were seen: neither property held only by never running
		expect(made).toBeGreaterThan(0);
		expect(refused).toBeGreaterThan(0);
	});

	it('names the first later action that no longer fits, counted in the log as it stands', () => {
		const config = { start: 0, takerReveals: false };
		const log = [
			{ type: 'reveal', card: 17 },
			{ type: 'take' },
			{ type: 'reveal', card: 20 }
		] as const;
		const timeline = Timeline.of(illPass, config, 3, log);
		const refusal = { code: 'card-already-face-up', params: { card: 17 } };
		expect(timeline.edit({ kind: 'remove', index: 1 })).toEqual({
			ok: false,
			index: 2,
			refusal,
			later: true
		});
		expect(timeline.edit({ kind: 'insert', index: 1, action: { type: 'pass' } })).toMatchObject({
			ok: true
		});
		expect(timeline.edit({ kind: 'change', index: 1, action: { type: 'pass' } })).toEqual({
			ok: false,
			index: 2,
			refusal,
			later: true
		});
		// the edit's own action, refused at its moment
		expect(
			timeline.edit({ kind: 'change', index: 1, action: { type: 'reveal', card: 9 } })
		).toEqual({
			ok: false,
			index: 1,
			refusal: { code: 'card-already-face-up', params: { card: 17 } },
			later: false
		});
		expect(timeline.edit({ kind: 'remove', index: 3 })).toMatchObject({ ok: false, index: 3 });
	});
});

function editedLog(log: readonly unknown[], edit: PastEdit<unknown>): unknown[] {
	const head = log.slice(0, edit.index);
	if (edit.kind === 'remove') return [...head, ...log.slice(edit.index + 1)];
	if (edit.kind === 'insert') return [...head, edit.action, ...log.slice(edit.index)];
	return [...head, edit.action, ...log.slice(edit.index + 1)];
}
