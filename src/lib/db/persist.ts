/**
 * Persistent storage: without it a browser may clear Passpad's data when the device runs short
 * of space. Asked for when a match is saved (the first one, in practice: once granted it is
 * never asked again) and on import; Settings says whether it was granted.
 */
let asked = false;

export async function askToPersist({ always }: { always?: boolean } = {}): Promise<boolean | null> {
	const storage = globalThis.navigator?.storage;
	if (!storage?.persist || !storage.persisted) return null;
	try {
		if (await storage.persisted()) return true;
		// once a visit for matches: a browser that asks the person (Firefox) is not asked at
		// every new match; an import, rarer and weightier, always asks
		if (asked && !always) return false;
		asked = true;
		return await storage.persist();
	} catch {
		return null;
	}
}
