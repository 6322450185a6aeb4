// Writes `count` finished and unfinished matches straight into the app's IndexedDB database
// (it must already exist: open a screen that opens it, such as history, first; the home page
// only reads), then counts who wins what again from every finished match row, in the same
// transaction, as the app keeps it (src/lib/db/totals.ts): the seeded database is one the app
// could have written. Runs in the page, via page.evaluate (so nothing is imported);
// shared by the history test and `npm run bench`.
/** @param {number} count */
export async function seedMatches(count) {
	/** @type {IDBDatabase} */
	const db = await new Promise((resolve, reject) => {
		const request = indexedDB.open('passpad');
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
	const tx = db.transaction(['matches', 'players', 'totals'], 'readwrite');
	const matches = tx.objectStore('matches');
	const players = tx.objectStore('players');
	const names = ['Léa', 'Sam', 'Noor', 'Ana', 'Ben', 'Cleo', 'Yu-cin', 'Wang'];
	names.forEach((name, k) =>
		players.put({
			id: `p${k}`,
			name,
			nameKey: name.toLowerCase(),
			hidden: false,
			createdAt: 0,
			colour: null
		})
	);
	const games = ['ill-pass', 'pass-pass', 'dominoes', 'climbing'];
	const now = Date.now();
	for (let i = 0; i < count; i++) {
		const seats = [0, 1, 2].map((k) => ({ playerId: `p${(i + k) % 8}`, name: names[(i + k) % 8] }));
		matches.put({
			id: `seed-${i}`,
			game: games[i % 4],
			config: {},
			seats,
			playerIds: seats.map((seat) => seat.playerId),
			status: i % 10 === 0 ? 'active' : 'finished',
			notes: '',
			playedMs: 0,
			playedByHand: false,
			revision: 0,
			createdAt: now - i * 3_600_000,
			updatedAt: now - i * 3_600_000,
			length: 0,
			redo: [],
			result:
				i % 10 === 0
					? null
					: {
							winners: [i % 3],
							shared: false,
							reason: 'lowest-score',
							sides: [[0], [1], [2]],
							totals: [40, 50, 60],
							lowerWins: true,
							feats: []
						}
		});
	}
	// who wins what from scratch (totals.ts): each seated player of each finished match
	/** @type {Map<string, {playerId: string, game: string, played: number, won: number, shared: number}>} */
	const totals = new Map();
	await new Promise((resolve, reject) => {
		const cursor = matches.index('status').openCursor(IDBKeyRange.only('finished'));
		cursor.onerror = () => reject(cursor.error);
		cursor.onsuccess = () => {
			const row = cursor.result;
			if (!row) return resolve(undefined);
			const match = row.value;
			for (const playerId of new Set(match.playerIds)) {
				const seat = match.playerIds.indexOf(playerId);
				const side = match.result.sides.findIndex((/** @type {number[]} */ s) => s.includes(seat));
				if (side < 0) continue;
				const key = `${playerId}\u0000${match.game}`;
				const total = totals.get(key) ?? {
					playerId,
					game: match.game,
					played: 0,
					won: 0,
					shared: 0
				};
				const won = match.result.winners.includes(side);
				total.played++;
				if (won) total.won++;
				if (won && match.result.shared) total.shared++;
				totals.set(key, total);
			}
			row.continue();
		};
	});
	const kept = tx.objectStore('totals');
	kept.clear();
	for (const total of totals.values()) kept.put(total);
	await new Promise((resolve, reject) => {
		tx.oncomplete = resolve;
		tx.onerror = () => reject(tx.error);
	});
	db.close();
	return count;
}
