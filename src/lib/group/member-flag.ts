/**
 * Whether this phone belongs to a group, known without opening the database: the app's shell
 * starts the groups' sync only then, so a phone in no group loads neither Dexie nor the NATS
 * client for it (the home page's budget, docs/architecture.md).
 */
const KEY = 'passpad.group.member';

export function inAGroup(): boolean {
	try {
		return localStorage.getItem(KEY) === '1';
	} catch {
		return false;
	}
}

export function markInAGroup(member: boolean): void {
	try {
		if (member) localStorage.setItem(KEY, '1');
		else localStorage.removeItem(KEY);
	} catch {
		// storage refused: the group's page starts the sync itself
	}
}
