import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { HOSTILE_IDS } from '$lib/db/hostile-ids';
import { isPasspadId, newId } from './ids';
import { createMatch } from '$lib/db/matches';

describe('ids from outside are used only in the form Passpad makes', () => {
	it('every id Passpad makes has that form: new ids, matches and their players', async () => {
		for (let n = 0; n < 1_000; n++) expect(isPasspadId(newId())).toBe(true);
		useDatabase(new PasspadDb(`ids-${crypto.randomUUID()}`));
		const match = await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['Ana', 'Ben', 'Cleo']
		});
		expect(isPasspadId(match.id)).toBe(true);
		for (const seat of match.seats) expect(isPasspadId(seat.playerId)).toBe(true);
	});

	it('an insecure page (no crypto.randomUUID, as over http on the wifi) makes the same form', () => {
		const randomUUID = crypto.randomUUID;
		Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
		try {
			const ids = new Set(Array.from({ length: 1_000 }, () => newId()));
			expect(ids.size).toBe(1_000);
			for (const id of ids) expect(isPasspadId(id), id).toBe(true);
		} finally {
			Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
		}
	});

	it.each(HOSTILE_IDS)('%j is refused', (id) => expect(isPasspadId(id)).toBe(false));

	it('so is one in capitals, with spaces, or one letter off', () => {
		const id = newId();
		for (const changed of [
			id.toUpperCase(),
			` ${id}`,
			`${id}\n`,
			id.slice(1),
			`${id}0`,
			id.replace(/-/g, ''),
			`${id.slice(0, 14)}1${id.slice(15)}` // not a version 4 id
		])
			expect(isPasspadId(changed), changed).toBe(false);
		expect(isPasspadId(7)).toBe(false);
		expect(isPasspadId(null)).toBe(false);
	});

	it('no string with a character that changes an address passes', () => {
		fc.assert(
			fc.property(
				fc.string(),
				fc.constantFrom('/', '.', '?', '#', '%', '\\', ' '),
				(text, sign) => {
					expect(isPasspadId(text + sign)).toBe(false);
					expect(isPasspadId(`${newId()}${sign}`)).toBe(false);
				}
			)
		);
	});
});
