import { describe, expect, it } from 'vitest';
import { newId } from '../wire/ids';
import { DEFAULT_SCALE, eveningOf, withEvening } from './tag';

describe('evening tag in a match config', () => {
	const tag = { id: newId(), round: 2, table: 1, scale: DEFAULT_SCALE };

	it('a config with the tag says its evening, round and table; the rest of the config kept', () => {
		const config = withEvening({ start: 1, entry: 'pad' }, tag);
		expect(config).toMatchObject({ start: 1, entry: 'pad' });
		expect(eveningOf(JSON.parse(JSON.stringify(config)))).toEqual(tag);
	});

	it('a config of no evening (every match before evenings), or a tag not of its shape, is no evening', () => {
		expect(eveningOf({ start: 0 })).toBeNull();
		expect(eveningOf(null)).toBeNull();
		expect(eveningOf({ evening: { ...tag, round: 0 } })).toBeNull();
		expect(eveningOf({ evening: { ...tag, id: 'x' } })).toBeNull();
		expect(eveningOf({ evening: { ...tag, scale: { first: 1, last: 7 } } })).toBeNull();
	});
});
