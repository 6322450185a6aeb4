/**
 * This phone's key registered with the group's keeper once the phone has read its group, and
 * before its first entry (docs/wire.md, "Keys"): the keeper takes a group's entries only from
 * keys its members registered. Done once per group and kept in IndexedDB (a `settings` row
 * naming the key registered, so a phone's new key registers anew); asked again once a run when
 * the keeper answers `not-yours`, for a server whose store was made anew has forgotten it. It
 * says which wire the phone reads its group's matches from (`WIRE_READS`; docs/wire.md,
 * "Reading a group's matches from the wire: the switch"), so a build that reads another
 * registers again.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import type { PasspadDb } from '$lib/db/db';
import { getValue, removeValue, setValue } from '$lib/db/settings';
import { WIRE_READS } from '$lib/wire/limits';
import { register } from '$lib/wire/register';
import type { Signer } from '$lib/wire/signing';

/**
 * The `settings` row of a group's registration: the public key the keeper took, alone when its
 * phone said it reads 1 (as every build before `reads` kept it), else with what it said
 * (`Kept`). So a phone back on an older build, which compares the row with its key, finds
 * another thing there and registers again, saying 1: the keeper writes it, and the group
 * goes back to versions for it (group/switch.ts).
 */
export const registeredKeyOf = (group: string) => `registered-key.${group}`;

/** What the row keeps. */
export type Kept = string | { readonly key: string; readonly reads: number };

/** Whether the kept row says `key` registered, reading `reads`. */
export function keptSays(kept: Kept | null, key: string, reads: number): boolean {
	if (typeof kept === 'string') return kept === key && reads === 1;
	return kept?.key === key && kept.reads === reads;
}

const keptOf = (key: string, reads: number): Kept => (reads === 1 ? key : { key, reads });

/**
 * Whether the phone may send: `ok`; `offline` (no answer: asked again with the next send);
 * `removed` (the member was removed from the group: nothing more is sent this run); `full`
 * (the member's link already registered MAX_MEMBER_KEYS keys: the group's page says so, and a
 * new invitation opened here registers under its own member); `refused` (the keeper will not
 * take this key for this member otherwise).
 */
export type Registration = 'ok' | 'offline' | 'removed' | 'full' | 'refused';

export interface RegistrationOptions {
	readonly db: PasspadDb;
	readonly group: string;
	readonly nc: NatsConnection;
	readonly signer: Signer;
	/** the member's user (its group row's when not given) */
	readonly user?: string;
	readonly answerMs?: number;
	/** the wire this phone reads its groups' matches from (WIRE_READS when not given) */
	readonly reads?: number;
}

export class KeyRegistration {
	readonly #o: RegistrationOptions;
	/** registered (or nothing to register with) this run */
	#done = false;
	/** registered again after a `not-yours` this run */
	#again = false;
	/** refused this run (removed, too many keys): not asked again until the app opens again */
	#refused: Registration | null = null;

	constructor(options: RegistrationOptions) {
		this.#o = options;
	}

	get #reads(): number {
		return this.#o.reads ?? WIRE_READS;
	}

	/** Registers the key unless this phone did already (this run, or kept in IndexedDB). */
	async ensure(): Promise<Registration> {
		if (this.#done) return 'ok';
		if (this.#refused) return this.#refused;
		const { db, group, signer } = this.#o;
		const kept = await getValue<Kept | null>(registeredKeyOf(group), null, db);
		if (keptSays(kept, signer.key, this.#reads)) {
			this.#done = true;
			return 'ok';
		}
		return this.#register();
	}

	/**
	 * After the keeper answered `not-yours`: registers again, once a run; whether the entry is
	 * worth sending again.
	 */
	async again(): Promise<boolean> {
		if (this.#again) return false;
		this.#again = true;
		this.#done = false;
		await removeValue(registeredKeyOf(this.#o.group), this.#o.db);
		return (await this.#register()) === 'ok';
	}

	async #register(): Promise<Registration> {
		const { db, group, nc, signer } = this.#o;
		const user = this.#o.user ?? (await db.groups.get(group))?.user;
		if (!user) {
			// no member's credential to register with: the keeper says whether it takes the key
			this.#done = true;
			return 'ok';
		}
		const answer = await register(nc, group, user, signer, this.#o.answerMs, this.#reads);
		if (answer.ok) {
			await setValue(registeredKeyOf(group), keptOf(signer.key, this.#reads), db);
			this.#done = true;
			return 'ok';
		}
		switch (answer.why) {
			case 'no-register':
				// a server older than registration: its keeper takes any member's key
				this.#done = true;
				return 'ok';
			case 'offline':
			case 'failed':
			case 'slow-down':
				return 'offline';
			case 'removed':
			case 'full':
				return (this.#refused = answer.why);
			default:
				return (this.#refused = 'refused');
		}
	}
}
