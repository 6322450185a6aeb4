/**
 * The pen phone's entries that wait to be sent, counted and said (docs/live.md, "What a phone
 * says"): said at once when the connection is down, and otherwise once the oldest has waited
 * SAY_AFTER_MS unanswered (a socket gone silent still looks open: its pings notice it only
 * later); then, once they have all gone, said so for a moment.
 */

/** How long the oldest entry may wait for the server's answer before the phone says so. */
export const SAY_AFTER_MS = 2_000;
/** How long "every entry has been sent" stays up. */
export const SENT_SHOWN_MS = 6_000;

export class Waiting {
	/** entries this phone has that the table lacks, as they will be sent (sync.ts) */
	count = $state(0);
	/** the count is said: the connection is down, or the oldest waited too long */
	said = $state(false);
	/** what was said to wait has all been sent */
	sent = $state(false);
	#since: number | null = null;
	#sayTimer: ReturnType<typeof setTimeout> | undefined;
	#sentTimer: ReturnType<typeof setTimeout> | undefined;

	/** The count as it stands now, and whether the connection is down. */
	update(count: number, offline: boolean) {
		this.count = count;
		if (count === 0) {
			if (this.#since === null) return;
			this.#since = null;
			clearTimeout(this.#sayTimer);
			if (!this.said) return;
			this.said = false;
			this.sent = true;
			clearTimeout(this.#sentTimer);
			this.#sentTimer = setTimeout(() => (this.sent = false), SENT_SHOWN_MS);
			return;
		}
		if (this.sent) {
			this.sent = false;
			clearTimeout(this.#sentTimer);
		}
		if (this.#since === null) {
			this.#since = Date.now();
			this.#sayTimer = setTimeout(() => {
				if (this.#since !== null) this.said = true;
			}, SAY_AFTER_MS);
		}
		if (offline) this.said = true;
	}

	stop() {
		clearTimeout(this.#sayTimer);
		clearTimeout(this.#sentTimer);
	}
}
