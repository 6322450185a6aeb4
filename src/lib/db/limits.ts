/** What names a Passpad backup file (its `format` field), in every version. */
export const BACKUP_FORMAT = 'passpad-backup';

/**
 * The largest backup file read: a year of weekly games is well under 5 MB, and 10,000 matches
 * about 45 MB; past this it is not a Passpad backup, or more than a phone should hold in memory
 * at once. Its own module: the settings screen checks a file's size before loading the
 * backup code.
 */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024;
