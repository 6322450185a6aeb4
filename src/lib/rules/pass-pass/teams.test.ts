import { describe, expect, it } from 'vitest';
import { layoutsFor, passPass } from './index';
import { sideTotals, suggestedPick, teamTicksNow, writtenByRound } from './score';
import { phase, sideOf, sides, turn } from './selectors';
import { card, DECK, run, set, start } from './test-helpers';
import type { PassPassAction, PassPassConfig, PassPassState } from './types';

describe('docs/rulings.md, Pass Pass 11 and the rulebook player counts: setup', () => {
	it.each([
		{ players: 3, teams: null, code: null },
		{ players: 5, teams: null, code: null },
		{ players: 4, teams: null, code: null },
		{ players: 4, teams: '2x2', code: null },
		{ players: 6, teams: '2x3', code: null },
		{ players: 6, teams: '3x2', code: null },
		{ players: 6, teams: null, code: 'teams-required' },
		{ players: 5, teams: '2x2', code: 'teams-players' },
		{ players: 4, teams: '3x2', code: 'teams-players' },
		{ players: 3, teams: '2x3', code: 'teams-players' },
		{ players: 4, teams: '4x1', code: 'bad-teams' },
		{ players: 2, teams: null, code: 'players-range' },
		{ players: 7, teams: null, code: 'players-range' }
	])('$players players, teams $teams: $code', ({ players, teams, code }) => {
		const refusal = passPass.checkConfig({ start: 0, teams } as PassPassConfig, players);
		expect(refusal?.code ?? null).toBe(code);
	});

	it('refuses a start seat not at the table', () => {
		expect(passPass.checkConfig({ start: 4, teams: null }, 4)).toEqual({ code: 'bad-start' });
	});

	it.each([
		[3, [null]],
		[4, [null, '2x2']],
		[5, [null]],
		[6, ['2x3', '3x2']]
	])('docs/rulings.md, Pass Pass 11: at %i players the table may choose %j', (players, layouts) => {
		expect(layoutsFor(players)).toEqual(layouts);
	});

	it('defaults: individual up to 5, two teams of three at 6', () => {
		for (const players of [3, 4, 5, 6]) {
			const config = passPass.defaultConfig(players);
			expect(passPass.checkConfig(config, players)).toBeNull();
		}
		expect(passPass.defaultConfig(6).teams).toBe('2x3');
	});

	it.each([
		{
			players: 4,
			teams: '2x2' as const,
			sides: [
				[0, 2],
				[1, 3]
			]
		},
		{
			players: 6,
			teams: '2x3' as const,
			sides: [
				[0, 2, 4],
				[1, 3, 5]
			]
		},
		{
			players: 6,
			teams: '3x2' as const,
			sides: [
				[0, 3],
				[1, 4],
				[2, 5]
			]
		}
	])('$teams seats team-mates apart: $sides', ({ players, teams, sides: expected }) => {
		const state = start(players, teams);
		expect(sides(state)).toEqual(expected);
		expect(sideOf(state, 5 % players)).toBe(
			expected.findIndex((team) => team.includes(5 % players))
		);
	});
});

/** Round 1 at 4 players in teams: seat 0 two ticks and 8 points, seat 2 one tick and 8 points (diamonds). */
function roundOne(): PassPassState {
	return run(
		start(4, '2x2'),
		{ type: 'won', seat: 0, cards: [...set(1), ...set(2)] },
		{ type: 'won', seat: 2, cards: [...set(3, 1)] },
		{ type: 'won', seat: 1, cards: [card('blue', 9, 3)] },
		{ type: 'endRound' }
	);
}

describe('docs/rulings.md, Pass Pass 11: each team writes one member per round', () => {
	it('the round waits for the picks; nobody is to play meanwhile', () => {
		const state = roundOne();
		expect(phase(state)).toBe('team-pick');
		expect(turn(state)).toBeNull();
		expect(passPass.outcome(state)).toBeNull();
		expect(passPass.apply(state, { type: 'play', card: DECK[0] })).toMatchObject({
			refusal: { code: 'wrong-phase', params: { phase: 'team-pick' } }
		});
	});

	it('the next leader can be set while teams pick (cards won mode, docs/rulings.md, Pass Pass 6)', () => {
		const state = run(roundOne(), { type: 'lead', seat: 3 });
		expect(
			run(state, { type: 'teamPick', team: 0, seat: 0 }, { type: 'teamPick', team: 1, seat: 1 })
				.leader
		).toBe(3);
	});

	it('suggests the member with the most points, then the most ticks', () => {
		const state = roundOne();
		// seat 0: 8 cards, 8 points, 2 ticks; seat 2: 4 cards + 4 diamonds = 8 points, 1 tick
		expect(suggestedPick(state, 0)).toBe(0);
		expect(suggestedPick(state, 1)).toBe(1);
	});

	it.each([
		{ action: { type: 'teamPick', team: 2, seat: 0 }, code: 'bad-team' },
		{ action: { type: 'teamPick', team: 0, seat: 1 }, code: 'not-in-team' },
		{ action: { type: 'teamPick', team: 0, seat: '0' }, code: 'not-in-team' }
	])('refuses $action', ({ action, code }) => {
		expect(passPass.apply(roundOne(), action as PassPassAction)).toMatchObject({
			refusal: { code }
		});
	});

	it('writes the chosen members and starts the next round once every team has picked', () => {
		let state = run(roundOne(), { type: 'teamPick', team: 0, seat: 2 });
		expect(phase(state)).toBe('team-pick');
		state = run(
			state,
			{ type: 'teamPick', team: 0, seat: 0 },
			{ type: 'teamPick', team: 1, seat: 1 }
		);
		expect(phase(state)).toBe('play');
		expect(state.rounds).toHaveLength(2);
		expect(writtenByRound(state)[0]).toEqual([
			{ seat: 0, points: 8, ticks: 2 },
			{ seat: 1, points: 4, ticks: 0 }
		]);
		expect(sideTotals(state)).toEqual({ points: [8, 4], ticks: [2, 0] });
		expect(passPass.sheet(state).rows[0].cells).toEqual([8, 4]);
		expect(passPass.sheet(state).rows[1].cells).toEqual([null, null]);
	});
});

describe('docs/rulings.md, Pass Pass 11: a team wins at once on written ticks plus one member this round', () => {
	// Team 0 writes seat 2 (one tick), not seat 0 (two ticks): seat 0's ticks are lost.
	const writtenOne = () =>
		run(roundOne(), { type: 'teamPick', team: 0, seat: 2 }, { type: 'teamPick', team: 1, seat: 1 });

	it('members are not added together', () => {
		const state = run(
			writtenOne(),
			{ type: 'won', seat: 0, cards: set(5) },
			{ type: 'won', seat: 2, cards: set(6) }
		);
		expect(teamTicksNow(state)).toEqual([2, 0]);
		expect(passPass.outcome(state)).toBeNull();
	});

	it('one member with two ticks this round brings the team to three', () => {
		const state = run(writtenOne(), { type: 'won', seat: 2, cards: [...set(5), ...set(6)] });
		expect(passPass.outcome(state)).toEqual({ winners: [0], shared: false, reason: 'third-tick' });
	});

	it('unwritten ticks of earlier rounds do not count', () => {
		const state = run(writtenOne(), { type: 'won', seat: 0, cards: set(5) });
		expect(passPass.outcome(state)).toBeNull();
	});
});

describe('docs/rulings.md, Pass Pass 10 on team totals', () => {
	it('after round 3 the team with the most written points wins', () => {
		let state = start(6, '3x2');
		for (let round = 0; round < 3; round++) {
			state = run(
				state,
				{ type: 'won', seat: 4, cards: DECK.slice(0, 3) },
				{ type: 'won', seat: 2, cards: DECK.slice(3, 5) },
				{ type: 'endRound' },
				{ type: 'teamPick', team: 0, seat: 0 },
				{ type: 'teamPick', team: 1, seat: 4 },
				{ type: 'teamPick', team: 2, seat: 2 }
			);
		}
		expect(phase(state)).toBe('over');
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'points' });
		expect(passPass.sheet(state).sides).toEqual([
			{ seats: [0, 3] },
			{ seats: [1, 4] },
			{ seats: [2, 5] }
		]);
	});
});
