import type { Press, TapSource } from './taps';

/** Two asks of the same action closer than this are one tap landing twice (a double tap). */
export const DOUBLE_TAP_MS = 300;

/** An entry asked for: its kind, when, and the press that asked it. */
interface Asked {
	readonly type: unknown;
	readonly at: number;
	readonly press: Press;
}

/**
 * The double-tap guard: the same kind of action asked again from the same control within
 * DOUBLE_TAP_MS, with no other press in between, is the first tap landing twice. The first
 * tap's action may already be saved, and the button now means the same thing for the next
 * seat (PASS's Pass, I'll Pass's Pass): the second is dropped.
 */
export class DoubleTap {
	/** the last entry accepted and when: a second tap on the same button is not a new entry */
	#last: Asked | null = null;
	/** the entry being written now: a tap landing again meanwhile is the same tap */
	#writing: Asked | null = null;

	constructor(readonly input: TapSource) {}

	/** The press asking for this action now, or null where there are no presses to tell by. */
	ask(action: unknown): Asked | null {
		const press = this.input.press();
		if (press === null) return null;
		return { type: (action as { type?: unknown } | undefined)?.type, at: this.input.now(), press };
	}

	/** Whether this ask is the last accepted one, or the one being written, landing again. */
	twice(asked: Asked | null): boolean {
		return landsAgain(this.#last, asked) || landsAgain(this.#writing, asked);
	}

	/** An entry is being written: until it is answered, its own tap landing again is twice. */
	writing(asked: Asked | null): void {
		this.#writing = asked;
	}

	/** A refused entry records nothing, so only an accepted one can be tapped twice. */
	accepted(asked: Asked | null): void {
		this.#last = asked;
		this.#writing = null;
	}

	refused(): void {
		this.#writing = null;
	}
}

function landsAgain(previous: Asked | null, asked: Asked | null): boolean {
	return (
		asked !== null &&
		previous !== null &&
		previous.type === asked.type &&
		previous.press.target === asked.press.target &&
		asked.press.count - previous.press.count <= 1 &&
		asked.at - previous.at < DOUBLE_TAP_MS
	);
}
