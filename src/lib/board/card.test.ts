import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULES } from '$lib/rules/registry';
import { illPass } from '$lib/rules/ill-pass';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { ui as illPassUi } from '$lib/games/ill-pass/ui';
import { ui as dominoesUi } from '$lib/games/dominoes/ui';
import { accept, begin, nextEntry, type LiveMatch, type Verdict } from '$lib/live/replay';
import type { Change, Entry } from '$lib/live/protocol';
import { cardOf } from './card';

const ANA = 'phone-ana-0001';
const BEN = 'phone-ben-0002';
let ids = 0;
const id = () => `entry-${String(++ids).padStart(6, '0')}`;

function startEntry(game: Entry['change'] & { kind: 'start' }): Entry {
	return { v: 1, id: id(), match: 'match-1', pos: 0, prev: null, by: ANA, at: 1, change: game };
}

function applied(verdict: Verdict): LiveMatch {
	if (verdict.kind !== 'applied') throw new Error(`not applied: ${JSON.stringify(verdict)}`);
	return verdict.live;
}

const illStart = (players = 3, config: unknown = { start: 0, takerReveals: false }) =>
	applied(
		begin(
			startEntry({
				kind: 'start',
				game: 'ill-pass',
				config,
				names: ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve'].slice(0, players),
				createdAt: 1,
				pen: 'Ana'
			}),
			1,
			(game) => RULES[game]
		)
	);

/** Entries through `accept` as the board reads them; every copy on the way, the last last. */
function play(live: LiveMatch, changes: Change[], by = ANA): LiveMatch[] {
	const copies = [live];
	for (const change of changes) {
		const entry = nextEntry(live, change, by, id(), 2);
		live = applied(accept(live, entry, entry.pos + 1));
		copies.push(live);
	}
	return copies;
}
const last = <T>(list: T[]) => list[list.length - 1];
const act = (action: unknown): Change => ({ kind: 'act', action: action as never });

describe('a table card on the board', () => {
	it('shows each player, the score sheet’s totals, whose turn and the game’s own news', () => {
		const copies = play(illStart(), [act({ type: 'reveal', card: 20 }), act({ type: 'pass' })]);
		const live = last(copies);
		const card = cardOf(live, illPassUi, copies[copies.length - 2]);
		const sheet = illPass.sheet(live.state as never);
		expect(card.sides.map((side) => side.name)).toEqual(['Ana', 'Ben', 'Chloé']);
		expect(card.sides.map((side) => side.total)).toEqual(sheet.totals);
		expect(card.lowerWins).toBe(true);
		// Ana passed 20: Ben faces it now, and the news says so in the game's words
		expect(card.turn).toBe("Ben's turn");
		expect(card.sides.map((side) => side.turn)).toEqual([false, true, false]);
		expect(card.news?.text).toBe(
			illPassUi.news!({ type: 'pass' }, copies[1].state as never, live.state as never, [
				'Ana',
				'Ben',
				'Chloé'
			])?.text
		);
		expect(card.news?.text).toContain('Ana');
		expect(card.over).toBeNull();
	});

	it('has no news before the first action, and says what an undo took back', () => {
		expect(cardOf(illStart(), illPassUi).news).toBeNull();
		const live = last(play(illStart(), [act({ type: 'reveal', card: 20 }), { kind: 'undo' }]));
		expect(cardOf(live, illPassUi).news?.text).toBe('Undone: Ana revealed 20');
		expect(cardOf(live, illPassUi).turn).toBe("Ana's turn");
	});

	it('keeps the news when only the pen changed hands', () => {
		const before = last(play(illStart(), [act({ type: 'reveal', card: 9 })]));
		const penned = last(play(before, [{ kind: 'pen', to: BEN, name: 'Ben' }]));
		expect(cardOf(penned, illPassUi).news).toEqual(cardOf(before, illPassUi).news);
	});

	it('says who won once the rules say the match is over, with no turn', () => {
		const game = randomGame(() => 0.42, 3);
		const live = last(play(illStart(3, game.config), game.actions.map(act)));
		const card = cardOf(live, illPassUi);
		const outcome = illPass.outcome(live.state as never)!;
		expect(card.turn).toBeNull();
		expect(card.sides.every((side) => !side.turn)).toBe(true);
		expect(card.sides.filter((side) => side.winner).length).toBe(outcome.winners.length);
		expect(card.over).toMatch(/wins!|Shared victory/);
		expect(card.why).toBeTruthy();
	});

	it('reads the same whether it knew the copy before or replayed it (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.nat(200), (seed, cut) => {
				let s = seed;
				const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
				const game = randomGame(random);
				const actions = game.actions.slice(0, 1 + (cut % game.actions.length));
				const copies = play(illStart(game.players, game.config), actions.map(act));
				const live = last(copies);
				expect(cardOf(live, illPassUi, copies[copies.length - 2])).toEqual(cardOf(live, illPassUi));
			}),
			{ numRuns: 25 }
		);
	});

	it('words another game with that game’s own news (the dominoes)', () => {
		const start = applied(
			begin(
				startEntry({
					kind: 'start',
					game: 'dominoes',
					config: RULES.dominoes.defaultConfig(4),
					names: ['Ana', 'Ben', 'Chloé', 'Dan'],
					createdAt: 1,
					pen: 'Ana'
				}),
				1,
				(game) => RULES[game]
			)
		);
		const card = cardOf(start, dominoesUi);
		const sides = RULES.dominoes.sheet(start.state).sides;
		// a team is one side: its players' names joined
		expect(card.sides.map((side) => side.name)).toEqual(
			sides.map((side) => side.seats.map((seat) => start.start.names[seat]).join(' and '))
		);
		expect(card.lowerWins).toBe(true);
		expect(card.news).toBeNull();
	});
});
