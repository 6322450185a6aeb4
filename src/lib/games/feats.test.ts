import { describe, expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import type { GameId } from '$lib/rules/common';
import { featLabel } from './feats';

describe('featLabel', () => {
	it("names every game's feats in words, never by their id", () => {
		for (const [game, rules] of Object.entries(RULES) as [GameId, (typeof RULES)[GameId]][]) {
			for (const feat of rules.feats ?? []) {
				const label = featLabel(game, feat.id);
				expect(label).not.toBe(feat.id);
				expect(label.length).toBeGreaterThan(3);
			}
		}
		expect(featLabel('ill-pass', 'longest-run')).toBe('Longest run');
		expect(featLabel('climbing', 'from-a-newer-app')).toBe('from-a-newer-app');
	});
});
