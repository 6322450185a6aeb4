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
