// New tables made by the running server (docs/live.md, "A new table: config reload"): their
// credentials added to the registry, the config read again, the new writer accepted, their
// streams made. Tables asked at once are made together, with one reload for all.
import { addTable, type Credential, type Registry } from './registry';

export interface TableDesk {
	/** one change to the registry and config at a time (live.ts) */
	serial<T>(step: () => Promise<T>): Promise<T>;
	registry: Registry;
	cost: number;
	/** the registry written and the config read again (live.ts, `save`) */
	save(): Promise<void>;
	/** waits until a new credential is accepted and reaches the keeper (nats.ts) */
	accepted(credential: Credential): Promise<void>;
	tableStream(table: string): Promise<unknown>;
	log(line: string): void;
}

export function tableMaker(desk: TableDesk) {
	/** `how` tables (or `howMany()` read when their turn comes), one reload for all; `open`: any phone's. */
	const makeTables = (how: number, open = false, howMany = () => how) =>
		desk.serial(async () => {
			const made = [];
			const count = howMany();
			for (let index = 0; index < count; index++) {
				made.push(await addTable(desk.registry, desk.cost));
			}
			if (open) for (const { table } of made) desk.registry.tables[table].open = true;
			await desk.save();
			if (made.length) await desk.accepted(made[made.length - 1].writer);
			for (const table of made) await desk.tableStream(table.table);
			if (made.length) desk.log(`${made.length === 1 ? 'table' : 'tables'} ready`);
			return made;
		});
	type Made = Awaited<ReturnType<typeof makeTables>>[number];

	/** Tables asked one at a time (each phone's request), not yet being made: one batch each. */
	const asked = new Map<boolean, { count: number; made: Promise<Made[]> }>();
	/**
	 * One table among those asked meanwhile: phones asking while a change is under way are made
	 * together, with one reload for all. Each reload re-checks every connection and may drop the
	 * keeper's answers to the appends under way (nats.ts, `reloadUntilAnswered`), so a hundred
	 * phones opening tables at once cost two reloads, not two hundred (docs/live.md, "A new table").
	 */
	function oneTable(open: boolean): Promise<Made> {
		let batch = asked.get(open);
		if (!batch) {
			const gathering = { count: 0, made: Promise.resolve([] as Made[]) };
			gathering.made = makeTables(0, open, () => {
				// the tables asked from now on wait for the next batch
				asked.delete(open);
				return gathering.count;
			});
			asked.set(open, gathering);
			batch = gathering;
		}
		const index = batch.count++;
		return batch.made.then((made) => made[index]);
	}

	/** Tables at once (bench/live.mjs opens hundreds); one alone joins the others asked meanwhile. */
	const createTables = (how: number, open = false) =>
		how === 1 ? oneTable(open).then((made) => [made]) : makeTables(how, open);
	return {
		createTables,
		/** A new table: its credentials, its stream, the config reloaded. */
		createTable: async () => (await createTables(1))[0]
	};
}
