import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { card, set } from '../rules/pass-pass/test-helpers';
import { exportAll } from './backup-export';
import { importBackup } from './backup-import';
import { readBackup } from './backup-validate';
import { device, fresh, freshEachTest, saved } from './backup-fixtures';

freshEachTest();

/** Bob's third Pass Pass in round 2, when his cards of the round were worth 12 and Chloé's 8. */
const BOBS_THIRD_TICK = [
	{ type: 'won', seat: 1, cards: [...set(1, 1), ...set(2, 1)] },
	{ type: 'won', seat: 2, cards: [card('purple', 3, 2), card('blue', 3, 2)] },
	{ type: 'endRound' },
	{ type: 'won', seat: 2, cards: [card('green', 5, 3), card('yellow', 5, 3)] },
	{ type: 'won', seat: 1, cards: [card('purple', 7, 3), card('blue', 7, 3), card('green', 7)] },
	{ type: 'won', seat: 1, cards: [card('yellow', 7, 2)] }
];

describe('docs/rulings.md, Pass Pass 8: a backup written by an older Passpad comes in with the right totals', () => {
	it("the file's totals, counting the round of the third tick, are not taken: the log is counted again", async () => {
		const id = await saved(
			'pass-pass',
			['Alice', 'Bob', 'Chloé', 'Dan'],
			{ start: 0, teams: null },
			BOBS_THIRD_TICK
		);
		const file = await exportAll('test');
		const match = file.matches.find((entry) => entry.id === id)!;
		expect(match.result?.totals).toEqual([0, 16, 6, 0]);
		// as an older Passpad wrote it
		match.result!.totals = [0, 28, 14, 0];
		await fresh();
		await importBackup(readBackup(JSON.stringify(file)));
		expect((await device().matches.get(id))?.result?.totals).toEqual([0, 16, 6, 0]);
	});
});
