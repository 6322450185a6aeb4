/**
 * Why a message from a group was refused (docs/group.md): each has its words on the group's
 * page, and a refused version is kept with its reason on the phone (db/schema.ts), so the words
 * and the storage read the same codes.
 */
export type RefusedWhy =
	| 'too-large'
	| 'not-json'
	| 'malformed'
	/** a version of another thing than its subject names (a wrong id) */
	| 'wrong-subject'
	/** the match breaks the rules of its game (the refusal says which) */
	| 'illegal'
	/** seats, statuses or times no match can have */
	| 'invalid';
