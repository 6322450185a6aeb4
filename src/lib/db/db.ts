import { Dexie, type EntityTable } from 'dexie';
import {
	DB_NAME,
	SCHEMA,
	type ActionRow,
	type MatchRow,
	type PlayerRow,
	type SettingRow
} from './schema';

export class PasspadDb extends Dexie {
	players!: EntityTable<PlayerRow, 'id'>;
	matches!: EntityTable<MatchRow, 'id'>;
	actions!: Dexie.Table<ActionRow, [string, number]>;
	settings!: EntityTable<SettingRow, 'key'>;

	constructor(name = DB_NAME) {
		super(name);
		this.version(1).stores(SCHEMA[1]);
		this.version(2)
			.stores(SCHEMA[2])
			.upgrade((tx) =>
				tx
					.table<MatchRow>('matches')
					.toCollection()
					.modify((match) => {
						match.playerIds = (match.seats ?? []).map((seat) => seat.playerId);
					})
			);
	}
}

let instance: PasspadDb | null = null;

/** The app's one database, opened on first use (Dexie's singleton habit). */
export function database(): PasspadDb {
	instance ??= new PasspadDb();
	return instance;
}

/** Tests swap in a fresh database; the app never calls this. */
export function useDatabase(db: PasspadDb): void {
	instance = db;
}
