/**
 * Ids a tester put in backups and hand-over links: each, once part of an address, would lead
 * to another page (`..`, `/`), cut it (`?`, `#`) or name nothing (blank). For tests only.
 */
export const HOSTILE_IDS = ['a/b', '..', '../../settings', '%2e%2e', 'x?y#z', '', ' ', '../x/y'];
