// Writes `count` finished and unfinished matches straight into the app's IndexedDB database
// (it must already exist: open a screen that opens it, such as history, first; the home page
// only reads). Runs in the page, via page.evaluate;
// shared by the history test and `npm run bench`.
/** @param {number} count */
export async function seedMatches(count) {
	/** @type {IDBDatabase} */
	const db = await new Promise((resolve, reject) => {
		const request = indexedDB.open('passpad');
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
	const tx = db.transaction(['matches', 'players'], 'readwrite');
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
							totals: [40, 50, 60]
						}
		});
	}
	await new Promise((resolve, reject) => {
		tx.oncomplete = resolve;
		tx.onerror = () => reject(tx.error);
	});
	db.close();
	return count;
}
