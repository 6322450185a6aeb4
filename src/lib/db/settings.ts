import { database, type PasspadDb } from './db';

/**
 * Settings kept on this device. Theme and language live in localStorage instead, because
 * they must be known synchronously for the first paint.
 */
export interface Settings {
	wakeLock: boolean;
}

export const DEFAULT_SETTINGS: Settings = { wakeLock: true };

export async function getSetting<K extends keyof Settings>(key: K): Promise<Settings[K]> {
	const row = await database().settings.get(key);
	return (row?.value as Settings[K] | undefined) ?? DEFAULT_SETTINGS[key];
}

export async function setSetting<K extends keyof Settings>(
	key: K,
	value: Settings[K]
): Promise<void> {
	await database().settings.put({ key, value });
}

/** Any per-device value a game keeps (Pass Pass remembers each card's diamonds here). */
export async function getValue<T>(
	key: string,
	fallback: T,
	db: PasspadDb = database()
): Promise<T> {
	const row = await db.settings.get(key);
	return (row?.value as T | undefined) ?? fallback;
}

export async function setValue(
	key: string,
	value: unknown,
	db: PasspadDb = database()
): Promise<void> {
	await db.settings.put({ key, value });
}

/** Forgets a per-device value (the next `getValue` reads its fallback). */
export async function removeValue(key: string, db: PasspadDb = database()): Promise<void> {
	await db.settings.delete(key);
}
