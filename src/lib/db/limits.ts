/** What names a Passpad backup file (its `format` field), in every version. */
export const BACKUP_FORMAT = 'passpad-backup';

/**
 * The version of a backup file's shape (its `schema` field), which a Passpad refuses when newer
 * than its own ("newer-schema"). It followed the database's version (schema.ts) up to 5, when
 * both moved together; database v6 changed only how a log is stored on the phone, not the file,
 * so the file stays 5 and a Passpad of v5 still reads backups and hand-overs written now. It
 * moves only when the file's shape does (backup-validate.ts reads every version up to it).
 */
export const BACKUP_SCHEMA = 5;

/**
 * The largest backup file read: a year of weekly games is well under 5 MB, and 10,000 matches
 * about 45 MB; past this it is not a Passpad backup, or more than a phone should hold in memory
 * at once. Its own module: the settings screen checks a file's size before loading the
 * backup code.
 */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024;

/**
 * The deepest a match of a backup or a hand-over link may nest (its setup, actions, redo stack):
 * the four games' matches nest 6 levels at most. Past this it is not a match, and it would
 * overflow the stack of whatever copies it (IndexedDB's structured clone, JSON.stringify).
 */
export const MAX_MATCH_DEPTH = 24;
