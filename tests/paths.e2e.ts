import { expect, test, type Page } from '@playwright/test';
import fc from 'fast-check';
import {
	abandonHere,
	breakStorageOnDemand,
	editLast,
	failWrites,
	handOverHere,
	reloadMatch,
	startMatch,
	type Disruption
} from './helpers';
import { dominoesAction, facesOf, seeded } from './enter';
import { gridAction } from './grid';
import { logged, smallPhone, Thumb } from './reach';
import { game as passPassInput } from '../src/lib/rules/pass-pass/simulate';
import {
	allowedSecondTakes,
	cardKey,
	passPass,
	phase,
	resolveTrick,
	roundIndex,
	secondWinnerTakes,
	sides,
	turn,
	type Card,
	type PassPassAction,
	type PassPassState,
	type TeamLayout
} from '../src/lib/rules/pass-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { randomMatch } from '../src/lib/rules/climbing/simulate';
import type { ClimbingAction } from '../src/lib/rules/climbing';

// Every path a table can take, not only the ones the table tests follow (tests/table.e2e.ts):
// Pass Pass switching between trick by trick and cards won, its confirm steps and team picks,
// 5 and 6 players; long dominoes lines; PASS's later games; each with what a table meets
// between entries (undo and redo, a reload, an edit of the past, an abandoned or handed-over
// match, an entry that could not be saved), at 360x640. Every tap is checked by Thumb; the
// taps that needed a scroll are counted, printed, and must be none.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dee', 'Eve', 'Finn'];

const DISRUPTIONS: Disruption[] = ['undo', 'edit', 'reload', 'abandon', 'unsaved', 'handover'];

/**
 * What the table meets around one entry (`enter` makes it; `again` makes its last action
 * again, for an edit of the past): the entry is made with the disruption's notice shown.
 */
async function disrupt(
	page: Page,
	thumb: Thumb,
	what: Disruption,
	length: number,
	enter: () => Promise<void>,
	again: () => Promise<void>
): Promise<void> {
	switch (what) {
		case 'undo':
			// the last entry undone, then redone: both buttons in reach
			await thumb.tap(page.locator('.now .slot-button').first(), 'undo');
			await logged(page, length - 1);
			await thumb.tap(page.locator('.now .slot-button.redo'), 'redo');
			await logged(page, length);
			return enter();
		case 'reload':
			await reloadMatch(page, length);
			return enter();
		case 'edit': {
			// the next entry is made, then changed to itself from the log: entered again with the
			// editing notice shown
			await enter();
			await editLast(page);
			await thumb.look(page.getByTestId('editing').getByRole('button'), 'cancel the edit');
			await thumb.entry('the last action entered again', again);
			await expect(page.getByTestId('edited')).toBeVisible();
			await expect(page.getByTestId('editing')).toHaveCount(0);
			return;
		}
		case 'abandon':
			await abandonHere(page);
			await thumb.look(page.getByTestId('now').getByRole('button').first(), 'resume');
			await enter();
			await expect(page.getByTestId('abandoned')).toHaveCount(0);
			return;
		case 'handover':
			await handOverHere(page);
			await enter();
			await expect(page.getByTestId('handed')).toHaveCount(0);
			return;
		case 'unsaved':
			return enter();
	}
}

const PASS_PASS_TABLES = [
	{ lang: 'en', players: 4, teams: null, seed: 21 },
	{ lang: 'fr', players: 5, teams: null, seed: 22 },
	{ lang: 'fr', players: 6, teams: '3x2' as const, seed: 23 }
];

for (const lang of ['en', 'fr'] as const)
	test.describe(`every path, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		test.describe.configure({ timeout: 420_000 });

		for (const { players, teams, seed } of PASS_PASS_TABLES.filter((t) => t.lang === lang)) {
			test(`Pass Pass, ${players} players${teams ? ' in teams' : ''}, both entry modes, every tap in reach (${lang})`, async ({
				page
			}) => {
				await breakStorageOnDemand(page);
				const [input] = fc.sample(passPassInput, { seed, numRuns: 1 });
				const entries = passPassEntries(input, players, teams, seeded(seed));
				await startMatch(page, 'Pass Pass', NAMES.slice(0, players), {
					french: lang === 'fr',
					setup: async (page) => {
						if (teams) await page.locator(`input[name=pp-layout][value="${teams}"]`).check();
					}
				});
				const thumb = new Thumb(page);
				const seen = new Set<string>();
				let length = 0;
				let turn = 0;
				for (const [at, entry] of entries.entries()) {
					const head = entry.actions.slice(0, -1);
					const tail = entry.actions.slice(-1);
					const enter = async () => {
						await thumb.entry(entry.kind, () => passPassEntry(page, thumb, entry.actions, seen));
						length += entry.actions.length;
						await logged(page, length);
					};
					const again = () => passPassEntry(page, thumb, tail, seen);
					if (at > 0 && at % 4 === 0) {
						const what = DISRUPTIONS[turn++ % DISRUPTIONS.length];
						if (what === 'unsaved') {
							if (head.length > 0) {
								await thumb.entry(entry.kind, () => passPassEntry(page, thumb, head, seen));
								length += head.length;
								await logged(page, length);
							}
							await unsavedEntry(page, thumb, length, () => passPassEntry(page, thumb, tail, seen));
							length += 1;
						} else await disrupt(page, thumb, what, length, enter, again);
					} else await enter();
					await expectNewsWhole(page);
				}
				await expect(page.getByTestId('outcome')).toBeVisible();
				console.log(thumb.report(`pass-pass paths ${players}p ${lang}`));
				const kinds = [...thumb.perAction.keys()];
				expect(kinds).toEqual(expect.arrayContaining(['trick', 'cards won', 'end round']));
				thumb.expectAllInReach(`pass-pass paths ${players}p ${lang}`);
			});
		}

		{
			test(`Pass-Pass: a whole match with refusals and notices, every tap in reach (${lang})`, async ({
				page
			}) => {
				await breakStorageOnDemand(page);
				const [input] = fc.sample(matchInput, { seed: lang === 'en' ? 31 : 32, numRuns: 1 });
				const run = legalMatch({ ...input, typeTotals: false, houseRuleWinnerStarts: false });
				await startMatch(page, 'Pass-Pass', NAMES.slice(0, 4), {
					start: NAMES[input.start],
					french: lang === 'fr'
				});
				const thumb = new Thumb(page);
				// the first three deals: long lines late in each, bounded work on a busy machine
				const deal4 = run.steps.findIndex((step) => step.before.deal === 4);
				const steps = run.steps.slice(1, deal4 > 0 ? deal4 : undefined);
				expect(steps.length).toBeGreaterThan(60);
				let turn = 0;
				let refusals = 0;
				for (const [at, step] of steps.entries()) {
					const { action, before } = step;
					const tap = () => dominoesAction(page, thumb, step);
					// a refusal now and then: a tile that fits no end, tapped first (its reason in the news line)
					if (action.type === 'play' && before.line.length > 0 && at % 5 === 0) {
						const faint = page.getByTestId('turn').locator('button.faint:not(:disabled)').first();
						if ((await faint.count()) > 0) {
							await thumb.tap(faint, 'a tile that fits no end');
							await expect(page.getByTestId('refusal')).toBeVisible();
							refusals++;
						}
					}
					const enter = async () => {
						await thumb.entry(action.type, tap);
						await logged(page, at + 1);
					};
					if (at > 0 && at % 11 === 0) {
						const what = DISRUPTIONS[turn++ % DISRUPTIONS.length];
						if (what === 'unsaved') await unsavedEntry(page, thumb, at, tap);
						else await disrupt(page, thumb, what, at, enter, tap);
					} else await enter();
					await expectNewsWhole(page);
				}
				await expect(page.getByTestId('log').locator('summary')).toContainText(`(${steps.length})`);
				console.log(thumb.report(`dominoes paths ${lang}`), `(${refusals} refusals)`);
				expect(refusals).toBeGreaterThan(0);
				thumb.expectAllInReach(`dominoes paths ${lang}`);
			});

			test(`PASS: five players, later games' who starts, every tap in reach (${lang})`, async ({
				page
			}) => {
				await breakStorageOnDemand(page);
				const players = lang === 'en' ? 5 : 4;
				const run = enterableMatch(lang === 'en' ? 50 : 60, players);
				const [first, ...all] = run.actions;
				// up to the third game's start: two later games' who starts, bounded work
				const starts = all.flatMap((a, at) => (a.type === 'start' ? [at] : []));
				const actions = all.slice(0, (starts[1] ?? all.length - 1) + 1);
				if (first.type !== 'start') throw new Error('a match begins with who starts');
				await startMatch(page, 'PASS', NAMES.slice(0, players), {
					french: lang === 'fr',
					start: NAMES[first.seat]
				});
				const thumb = new Thumb(page);
				let turn = 0;
				for (const [at, action] of actions.entries()) {
					const tap = () => climbingAction(page, thumb, action);
					const enter = async () => {
						await thumb.entry(action.type, tap);
						await logged(page, at + 1);
					};
					if (at > 0 && at % 13 === 0) {
						const what = DISRUPTIONS[turn++ % DISRUPTIONS.length];
						if (what === 'unsaved') await unsavedEntry(page, thumb, at, tap);
						else await disrupt(page, thumb, what, at, enter, tap);
					} else await enter();
				}
				await expect(page.getByTestId('log').locator('summary')).toContainText(
					`(${actions.length})`
				);
				console.log(thumb.report(`climbing paths ${players}p ${lang}`));
				expect(thumb.perAction.get('start')?.length ?? 0).toBe(starts[1] === undefined ? 1 : 2);
				thumb.expectAllInReach(`climbing paths ${players}p ${lang}`);
			});
		}
	});

/** The news line reads whole: nothing of it is cut at the foot of its box. */
async function expectNewsWhole(page: Page) {
	const said = page.locator('.now .said');
	const cut = await said.evaluate((node) => node.scrollHeight - node.clientHeight);
	expect(cut, (await said.textContent()) ?? '').toBeLessThanOrEqual(1);
}

/**
 * An entry whose last write fails (a full disk): the not-saved notice stands in the line
 * under the header; its Try again is tapped once space is back, and the entry is saved.
 */
async function unsavedEntry(page: Page, thumb: Thumb, length: number, tap: () => Promise<void>) {
	await failWrites(page, true);
	await thumb.entry('not saved, then tried again', tap);
	const notice = page.getByTestId('unsaved');
	await expect(notice).toBeVisible();
	await expectNewsWhole(page);
	await failWrites(page, false);
	await thumb.tap(notice.getByRole('button').first(), 'try again');
	await expect(notice).toHaveCount(0);
	await logged(page, length + 1);
}

type Entry = {
	kind: 'trick' | 'cards won' | 'end round' | 'team pick';
	actions: PassPassAction[];
	/** the end of round asked early: "keep entering" first, then End round */
	early?: boolean;
};

/**
 * A whole Pass Pass match as a table plays it, entry by entry: tricks, or a trick's cards won
 * (the table switching between the two now and then), a round ended early in cards won mode,
 * team picks. The rules check every action as it is made.
 */
function passPassEntries(
	input: typeof passPassInput extends fc.Arbitrary<infer T> ? T : never,
	players: number,
	teams: TeamLayout | null,
	random: () => number
): Entry[] {
	let state: PassPassState = passPass.setup({ start: 0, teams }, players);
	const choose = (n: number) => Math.floor(random() * n);
	const step = (action: PassPassAction) => {
		const result = passPass.apply(state, action);
		if (!result.ok) throw new Error(`${result.refusal.code} on ${JSON.stringify(action)}`);
		state = result.value;
		return action;
	};
	const entries: Entry[] = [];
	let mode: 'tricks' | 'won' = 'tricks';
	let endedEarly = false;
	while (phase(state) !== 'over') {
		const round = roundIndex(state);
		const hands = Array.from({ length: players }, (_, seat) =>
			input.deals[round].slice(seat * 8, seat * 8 + 8)
		);
		let tricks = 0;
		while (roundIndex(state) === round && phase(state) !== 'over') {
			if (phase(state) === 'team-pick') {
				const picks = state.rounds[round].picks;
				const team = picks.indexOf(null);
				const members = sides(state)[team];
				entries.push({
					kind: 'team pick',
					actions: [step({ type: 'teamPick', team, seat: members[choose(members.length)] })]
				});
				continue;
			}
			// between tricks: the table may switch modes (more often after the first round)
			if (random() < 0.3) mode = mode === 'tricks' ? 'won' : 'tricks';
			if (mode === 'won' && round === 1 && tricks >= 3 && !endedEarly) {
				endedEarly = true;
				entries.push({ kind: 'end round', actions: [step({ type: 'endRound' })], early: true });
				continue;
			}
			tricks++;
			if (mode === 'tricks') {
				const actions: PassPassAction[] = [];
				while (phase(state) === 'play' && (actions.length === 0 || state.trick.length > 0)) {
					const seat = turn(state) as number;
					actions.push(
						step({ type: 'play', card: hands[seat].splice(choose(hands[seat].length), 1)[0], seat })
					);
				}
				if (phase(state) === 'first-take') {
					const seat = turn(state) as number;
					actions.push(
						step({ type: 'firstTake', card: state.trick[choose(state.trick.length)].card, seat })
					);
				}
				if (phase(state) === 'second-take') {
					const takes = allowedSecondTakes(state);
					const seat = turn(state) as number;
					actions.push(step({ type: 'secondTake', cards: takes[choose(takes.length)], seat }));
				}
				entries.push({ kind: 'trick', actions });
			} else {
				const plays = hands.map((_, at) => {
					const player = (state.leader + at) % players;
					return { player, card: hands[player].splice(choose(hands[player].length), 1)[0] };
				});
				const { first, second } = resolveTrick(plays);
				const pick = plays[choose(plays.length)].card;
				const takes = secondWinnerTakes(plays, pick);
				const actions: PassPassAction[] = [step({ type: 'won', seat: first, cards: [pick] })];
				if (phase(state) === 'play' && roundIndex(state) === round) {
					actions.push(step({ type: 'won', seat: second, cards: takes[choose(takes.length)] }));
				}
				if (phase(state) === 'play' && roundIndex(state) === round && state.leader !== second) {
					actions.push(step({ type: 'lead', seat: second }));
				}
				entries.push({ kind: 'cards won', actions });
			}
		}
	}
	return entries;
}

/** Enters Pass Pass actions through the screen, tap by tap (a trick's start in its mode). */
async function passPassEntry(
	page: Page,
	thumb: Thumb,
	actions: readonly PassPassAction[],
	seen: Set<string>
) {
	const turnCard = page.getByTestId('turn');
	const modes = turnCard.locator('.modes button');
	const first = actions[0]?.type;
	if (first === 'play' || first === 'won' || first === 'endRound') {
		const wonMode = first !== 'play';
		const wanted = modes.nth(wonMode ? 1 : 0);
		if ((await wanted.getAttribute('aria-pressed')) !== 'true') {
			await thumb.tap(wanted, wonMode ? 'cards won mode' : 'trick by trick mode');
		}
	}
	// cards won: colour, value, and the diamonds of a card never seen
	const card = async (c: Card) => {
		const colour = turnCard.locator(`button.color[data-color="${c.color}"]`);
		if ((await colour.getAttribute('aria-pressed')) !== 'true') await thumb.tap(colour, c.color);
		await thumb.tap(turnCard.locator(`.values [data-value="${c.value}"]`), `${c.color} ${c.value}`);
		if (!seen.has(cardKey(c))) {
			await thumb.tap(
				turnCard.locator(`.diamond-keys [data-diamonds="${c.diamonds}"]`),
				'diamonds'
			);
		}
	};
	for (const action of actions) {
		switch (action.type) {
			case 'play':
			case 'firstTake':
			case 'secondTake':
				// trick by trick: a tap a card on the grid, its diamonds once, the picks
				await gridAction(page, thumb, action, seen);
				break;
			case 'won': {
				const takers = turnCard.locator('.takers').first().getByRole('button');
				await thumb.tap(takers.nth(action.seat), 'who took the cards');
				for (const c of action.cards) await card(c);
				for (const c of action.cards) seen.add(cardKey(c));
				await thumb.tap(turnCard.locator('.pair button.primary'), 'give');
				await expect(turnCard.getByTestId('pending')).toHaveCount(0);
				break;
			}
			case 'lead':
				await thumb.tap(
					turnCard.locator('.takers').nth(1).getByRole('button').nth(action.seat),
					'who leads'
				);
				break;
			case 'endRound': {
				const end = turnCard.locator('.pair button:not(.primary)');
				await thumb.tap(end, 'end round');
				const ask = page.getByTestId('end-round-ask');
				// first "keep entering", as a table that pressed it too soon, then the real end
				await thumb.tap(ask.getByRole('button').nth(1), 'keep entering');
				await thumb.tap(end, 'end round again');
				await thumb.tap(ask.getByRole('button').first(), 'end round: yes');
				break;
			}
			case 'teamPick': {
				const team = page.getByTestId(`team-${action.team}`);
				await thumb.tap(
					team.locator('label.choice').filter({ hasText: NAMES[action.seat] }),
					'team member'
				);
				await thumb.tap(team.locator('button.wide'), 'write the team');
				break;
			}
		}
	}
}

/** A random whole match of more than one game, every play enterable with real faces. */
function enterableMatch(seed: number, players: number) {
	for (let tries = seed; ; tries++) {
		const random = seeded(tries);
		const coins = Array.from({ length: 160 }, () => Math.floor(random() * 10_000));
		const run = randomMatch({ players, mode: 'basic', tokens: 40, coins }, 900);
		const enterable = run.actions.every((a) => a.type !== 'play' || facesOf(a) !== null);
		const games = run.actions.filter((a) => a.type === 'start').length;
		if (enterable && games > 1 && run.states.at(-1)!.phase === 'over') return run;
	}
}

async function climbingAction(page: Page, thumb: Thumb, action: ClimbingAction) {
	if (action.type === 'start') {
		return thumb.tap(page.locator(`[data-start="${action.seat}"]`), 'who starts');
	}
	if (action.type === 'pass') return thumb.tap(page.locator('[data-pass]'), 'pass');
	// the simulator referees every play; a score-pad game is not among its actions
	if (action.type !== 'play') throw new Error(`unexpected ${action.type} in a refereed game`);
	for (const face of facesOf(action)!) {
		if (face.doubled) await thumb.tap(page.locator('[data-double]'), '×2');
		await thumb.tap(page.locator(`[data-rank="${face.rank}"]`), face.rank);
	}
	if (action.upgrade) await thumb.tap(page.locator('label:has([data-upgrade])'), 'upgrade');
	if (action.augment > 0) await thumb.tap(page.locator('label:has([data-augment])'), 'augment');
	await thumb.tap(page.locator('[data-play]'), 'play');
}
