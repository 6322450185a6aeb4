/**
 * A group's match leaving this phone as entries (docs/wire.md, "On the phone: one replicator";
 * "Who writes": a group's match): the steps the store wrote to the `sends` outbox in the
 * change's own transaction (db/links.ts, `queueSend`) are sent in order to the group's
 * `append`, each signed with this phone's key, each row gone in the transaction that records
 * it stored; once the match is over (its reducer says so, or abandoned) the pen sends `seal`.
 * It is live play's sending (live/sending.ts `nextStep`, live/ask.ts, live/replay.ts), given the
 * group's append and its stream instead of a table's. The whole-match versions still go as
 * before (sender.ts), for phones that read only those ("Upgrade in place").
 *
 * Never merged: when the group holds entries this phone's log lacks (another phone's, or this
 * phone is stale), nothing is sent; the first step waiting says `moved` and stays.
 *
 * The keeper takes entries from its members' registered keys only (docs/wire.md, "Keys"): the
 * phone registers its key before its first entry (key-registration.ts); a member removed from
 * the group sends nothing more this run, as a group that keeps its matches whole.
 */
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { PasspadDb } from '$lib/db/db';
import { loadLog, type Log } from '$lib/db/log';
import { dropSends, linkOf, refuseSend, sendDone, sendsOf } from '$lib/db/links';
import type { MatchRow, SendRow } from '$lib/db/schema';
import type { AnyGame, GameId } from '$lib/rules/common';
import { newId, writeEntry, type Entry, type SealEntry } from '$lib/wire/entry';
import { signed, type Signer } from '$lib/wire/signing';
import { groupAppendSubject } from '$lib/wire/names.js';
import { askAppend, type Append } from '$lib/live/ask';
import { held, startOf } from '$lib/live/appending';
import { accept, begin, nextEntry, settled, type LiveMatch } from '$lib/live/replay';
import { nextStep } from '$lib/live/sending';
import { relate } from '$lib/live/sync';
import { KeyRegistration, type Registration, type RegistrationOptions } from './key-registration';
import { roleOf } from './role';
import { isOver, sealOf, startFieldsOf } from './seal-of';
import { heldEntries, type Copy } from './held';
import { nextSeal } from './reseal';
import { keepSeal, sealHad } from '$lib/db/group/seals';
import { DONE, unanswered, type KeysFull, type Sent } from './sent';

/** How long a send waits for the keeper's answer before it counts this phone offline. */
const ANSWER_MS = 5_000;
/** How long a read of one match's entries waits for the first of them (none: a new match). */
const READ_MS = 1_000;

export interface EntriesOptions extends Pick<RegistrationOptions, 'reads'> {
	readonly db: PasspadDb;
	readonly group: string;
	readonly nc: NatsConnection;
	/** what signs this phone's entries (live/keys.ts) */
	readonly signer: Signer;
	/** this phone's id on the wire */
	readonly by: string;
	/** the member's user, whose key this phone registers (its group row's when not given) */
	readonly user?: string;
	/**
	 * whose phone it is: the start's pen (a group's phone keeps no such name yet: the match's
	 * first seat stands for it when none is given)
	 */
	readonly name?: string;
	readonly rulesOf: (game: GameId) => AnyGame | undefined;
	readonly answerMs?: number;
	/**
	 * whether the pen seals a match once over (default true, as the app does; docs/group.md,
	 * "On the phone: what leaves"); off, its entries stay on the server as they are
	 */
	readonly seal?: boolean;
	/** whether a seal this phone never had waits for the group's wire (core.ts `waitsForWire`) */
	readonly waitsForWire?: () => boolean;
}

export type { KeysFull, Sent } from './sent';

export class GroupEntries {
	readonly #o: EntriesOptions;
	readonly #js: JetStreamClient;
	/** matches the group holds sealed (this run): a change to one is sealed again over it */
	readonly #sealed = new Set<string>();
	/**
	 * the group takes no entries (`kept-whole`: its stream was made before sealing): its
	 * matches go as whole versions only, and steps queued for it are let go (this run)
	 */
	#keptWhole = false;
	/** the keeper refuses this member (removed from the group): its steps are let go (this run) */
	#removed = false;
	readonly #registration: KeyRegistration;

	constructor(options: EntriesOptions) {
		this.#o = options;
		this.#js = jetstream(options.nc);
		this.#registration = new KeyRegistration(options);
	}

	/**
	 * Every match of the group with steps waiting, and every one of `changed` (ids) that is over
	 * (an abandon writes no step; a sealed match's note) or gone (deleted here), each sent in
	 * turn.
	 */
	async sendAll(changed: readonly string[] = []): Promise<Map<string, Sent>> {
		const { db } = this.#o;
		const stepped = new Set((await db.sends.toArray()).map((row) => row.match));
		const results = new Map<string, Sent>();
		for (const id of new Set([...stepped, ...changed])) {
			const row = await db.matches.get(id);
			// gone from this phone, and changed here for this group: deleted here, its seal says so
			const deleted = !row && !stepped.has(id) && !this.#keptWhole && !this.#removed;
			if (deleted) {
				// a conflict or a refusal is the version's to show: the page names no match gone
				const sent = (await this.#sealedAgain(id)) ?? DONE;
				const told = unanswered(sent) ? sent : DONE;
				results.set(id, told);
				if (told.kind === 'offline') break;
				continue;
			}
			if (row?.group !== this.#o.group) continue;
			// changed here, over or known sealed (taken back since): sealed again unless its seal
			const sealed = this.#sealed.has(id) || !!(await sealHad(db, this.#o.group, id));
			if (!stepped.has(id) && !isOver(row) && !sealed) continue;
			const result =
				this.#keptWhole || this.#removed
					? await this.#letGo(id)
					: this.#sealed.has(id)
						? await this.#afterSeal(id)
						: await this.send(id);
			results.set(id, result);
			if (result.kind === 'offline') break;
		}
		return results;
	}

	/** One match's steps sent in order, then its seal when it is over. */
	async send(id: string): Promise<Sent> {
		const { db } = this.#o;
		let copy = await this.#read(id);
		// a few `moved` in a row are other phones' entries coming: read again each time
		for (let moved = 0; moved < 3;) {
			if (copy === 'offline') return { kind: 'offline' };
			if (copy === 'unreadable') return { kind: 'refused', why: 'not-passpad' };
			if (copy === 'sealed') return this.#afterSeal(id);
			// the log and its outbox read together: a step committed meanwhile is in both or neither
			const [log, read] = await db
				.transaction('r', [db.matches, db.logs, db.sends], async () => {
					const pair: [Log, SendRow[]] = [await loadLog(id, db), await sendsOf(db, id)];
					return pair;
				})
				.catch((): [null, SendRow[]] => [null, []]);
			if (!log || log.match.group !== this.#o.group) return DONE;
			// a match at a live table is sent by the table (live/table.svelte.ts); once it is over
			// and the table holds all of it, the pen writes it in the group to seal it
			const tableOver = !!(await linkOf(db, id))?.live;
			if (tableOver && !(await this.#sealsLive(log.match, read))) return DONE;
			if (copy === null) {
				// the group has none of it: this phone starts it only with steps of its own to send
				// (a match another phone recorded and sent only as versions is that phone's); a
				// match over may be sealed (its entries deleted): changed here, it is sealed again
				if (read.length === 0 && !tableOver) {
					return isOver(log.match) ? ((await this.#sealedAgain(id)) ?? DONE) : DONE;
				}
				const me = { by: this.#o.by, name: this.#o.name ?? log.match.seats[0].name };
				const start = await signed(startOf(startFieldsOf(log.match), me), this.#o.signer);
				const answer = await this.#append(id, start);
				if (answer.ok) {
					const verdict = begin(start, answer.seq, this.#o.rulesOf);
					if (verdict.kind !== 'applied') return { kind: 'refused', why: 'not-passpad' };
					copy = verdict.live;
					continue;
				}
				if (answer.why === 'moved' && ++moved) {
					// none on their own subjects: where the build of 27 November stored them
					copy = (await this.#read(id)) ?? (await this.#read(id, true));
					continue;
				}
				return this.#stopped(id, answer, await this.#first(id), null);
			}
			const here = log.actions;
			const step = await nextStep({ outbox: async () => read }, copy, here);
			if (!step) {
				// the group holds this phone's log: what was read to send is there (a step
				// committed since is not: it is sent next)
				await dropSends(
					db,
					read.map((row) => row.seq!)
				);
				if ((await sendsOf(db, id)).length > 0) continue;
				return this.#seal(log.match, copy);
			}
			const first = await this.#first(id);
			// steps that no longer lead from the group's log are sent only when it is a part of ours
			if (step.seq === undefined && relate(here, copy.actions).kind !== 'ahead') {
				return this.#stopped(id, { ok: false, why: 'moved' }, first, copy, here);
			}
			if (step.refused && step.refused.held === held(here, copy)) {
				return { kind: 'refused', why: step.refused.why, code: step.refused.code };
			}
			const entry = await signed(
				nextEntry(copy, step.change, this.#o.by, newId(), Date.now()),
				this.#o.signer
			);
			const verdict = accept(copy, entry, 0);
			// not this phone's to write (the pen is another's): the keeper would refuse it too
			if (verdict.kind !== 'applied') {
				return this.#stopped(id, { ok: false, why: 'not-yours' }, first, copy, here);
			}
			const answer = await this.#append(id, entry);
			if (answer.ok) {
				copy = settled(verdict.live, entry.pos, answer.seq);
				if (step.seq !== undefined) await sendDone(db, step.seq, id, null);
				continue;
			}
			if (answer.why === 'moved' && ++moved) {
				copy = await this.#read(id);
				continue;
			}
			return this.#stopped(id, answer, first, copy, here);
		}
		return this.#stopped(id, { ok: false, why: 'moved' }, await this.#first(id), null);
	}

	/**
	 * The group keeps its matches whole (`kept-whole`): the match's steps waiting are let go,
	 * its versions carry all of it (docs/group.md, "On the phone: what leaves"). The same for a
	 * member removed from the group (`not-yours`): nothing of it is taken any more.
	 */
	async #letGo(id: string): Promise<Sent> {
		if (!this.#removed) this.#keptWhole = true;
		await this.#dropWaiting(id);
		return { kind: 'refused', why: this.#removed ? 'not-yours' : 'kept-whole' };
	}

	/**
	 * The group holds the match sealed (`sealed`): a change made here since (a note, a correction
	 * of a finished match, its time played) is sealed again over the seal the group holds, and
	 * its steps are let go: the seal carries the match as it is here (docs/wire.md, "What
	 * travels": after `seal`). A match not over here (resumed) is sealed again once over; its
	 * whole-match versions carry it meanwhile, as before (docs/group.md, "On the phone: what
	 * leaves").
	 */
	async #afterSeal(id: string): Promise<Sent> {
		const sent = (await this.#sealedAgain(id)) ?? DONE;
		if (unanswered(sent)) return sent;
		await this.#dropWaiting(id);
		return sent;
	}

	/**
	 * The match sealed again from what it is here (reseal.ts: over the seal this phone's copy is
	 * as, else the newest the group holds), when it is not that seal already; null: the group
	 * holds no seal of it. Another phone's seal there first (`moved`), or the match in conflict
	 * here: a conflict, which the group's page shows through the versions; never merged.
	 */
	async #sealedAgain(id: string): Promise<Sent | null> {
		const { db, group, signer } = this.#o;
		const match = await db.matches.get(id);
		if (this.#o.seal === false) {
			this.#sealed.add(id);
			return DONE;
		}
		const overNewest = !this.#o.waitsForWire?.();
		const next = await nextSeal({ db, js: this.#js, group, by: this.#o.by, overNewest }, id, match);
		if (next.kind === 'offline' || next.kind === 'waits') return next;
		if (next.kind === 'none') return null;
		this.#sealed.add(id);
		if (next.kind !== 'seal') return next.kind === 'in-conflict' ? { kind: 'moved' } : DONE;
		const answer = await this.#append(id, await signed(next.seal, signer));
		if (answer.ok) await keepSeal(db, group, id, next.seal);
		// `sealed`: a keeper older than sealing again; `not-over`: one older than a seal of a move
		// taken back after the end; the versions carry the change
		if (answer.ok || answer.why === 'sealed' || answer.why === 'not-over') return DONE;
		const { why } = answer;
		if (why === 'offline' || why === 'slow-down' || why === 'moved') return { kind: why };
		const code = why === 'refused' ? answer.code : undefined;
		return code ? { kind: 'refused', why, code } : { kind: 'refused', why };
	}

	/** The match's steps waiting, let go: its whole-match versions carry them. */
	async #dropWaiting(id: string): Promise<void> {
		const rows = await sendsOf(this.#o.db, id);
		await dropSends(
			this.#o.db,
			rows.map((row) => row.seq!)
		);
	}

	/**
	 * A match played live here goes to the group as entries only once over, from the phone
	 * with its pen, when its table's outbox is empty (the table holds the whole log): the
	 * start, its log as this phone's entries, then the seal, as a match recorded in the group
	 * (docs/group.md, "On the phone: what leaves"). The table's steps are never touched here.
	 */
	async #sealsLive(match: MatchRow, tableWaits: readonly SendRow[]): Promise<boolean> {
		if (this.#o.seal === false || tableWaits.length > 0) return false;
		if (!isOver(match)) return false;
		return (await roleOf(match.id, this.#o.db)) === 'pen';
	}

	/** The first step waiting for the match (where a refusal is kept). */
	async #first(id: string): Promise<SendRow | undefined> {
		return (await sendsOf(this.#o.db, id))[0];
	}

	/** A send that stopped: a refusal is kept on the first step waiting, never sent again blind. */
	async #stopped(
		id: string,
		answer: Exclude<Append, { ok: true }> | KeysFull,
		first: SendRow | undefined,
		copy: LiveMatch | null,
		here: readonly unknown[] = []
	): Promise<Sent> {
		if (answer.why === 'offline') return { kind: 'offline' };
		if (answer.why === 'slow-down') return { kind: 'slow-down' };
		if (answer.why === 'kept-whole' || this.#removed) return this.#letGo(id);
		if (answer.why === 'sealed') return this.#afterSeal(id);
		// the phone's refusal, not the step's: kept on the step, it would stop the match for good,
		// even once a new invitation is opened here (docs/wire.md, "Keys")
		if (answer.why === 'keys-full') return { kind: 'refused', why: answer.why };
		const code = answer.why === 'refused' ? answer.code : undefined;
		if (first?.seq !== undefined && copy) {
			const params = answer.why === 'refused' ? answer.params : undefined;
			await refuseSend(this.#o.db, first.seq, {
				held: held(here, copy),
				why: answer.why,
				...(code ? { code } : {}),
				...(params ? { params } : {})
			});
		}
		if (answer.why === 'moved') return { kind: 'moved' };
		return code ? { kind: 'refused', why: answer.why, code } : { kind: 'refused', why: answer.why };
	}

	/** The pen's seal, once the match is over and the group holds its whole log. */
	async #seal(match: MatchRow, copy: LiveMatch): Promise<Sent> {
		if (this.#o.seal === false) return DONE;
		if (this.#sealed.has(match.id) || !isOver(match)) return DONE;
		// only the pen seals (server/group-seal.ts): another phone's match is its to seal
		if (copy.pen.key !== this.#o.signer.key) return DONE;
		const last = copy.entries[copy.entries.length - 1];
		const place = { id: newId(), match: match.id, pos: copy.entries.length, prev: last.id };
		const seal = await sealOf(this.#o.db, match, copy.start, {
			...place,
			by: this.#o.by,
			at: Date.now()
		});
		// taken back meanwhile: the write that did it looks at the match again
		if (!seal) return DONE;
		const answer = await this.#append(match.id, await signed(seal, this.#o.signer));
		if (answer.ok) {
			this.#sealed.add(match.id);
			await keepSeal(this.#o.db, this.#o.group, match.id, seal);
			return DONE;
		}
		// sealed meanwhile (this seal stored, its answer lost): sealed again if it is not this
		if (answer.why === 'sealed' || answer.why === 'moved') {
			const again = await this.#sealedAgain(match.id);
			if (again) return again;
		}
		return this.#stopped(match.id, answer, undefined, null);
	}

	/** A seal asked of the keeper as `#append` asks it (first-seals.ts: a match's first seal). */
	askSeal(match: string, seal: SealEntry): Promise<Append | KeysFull> {
		return this.#append(match, seal);
	}

	/** This phone's key registered unless it was (sync.ts: once read, so the group may switch). */
	register = (): Promise<Registration> => this.#registration.ensure();

	/** The entry asked, the key registered first; `not-yours`: registered again once a run. */
	async #append(match: string, entry: Entry | SealEntry): Promise<Append | KeysFull> {
		const registered = await this.#registration.ensure();
		if (registered === 'offline') return { ok: false, why: 'offline' };
		this.#removed = registered === 'removed';
		if (registered === 'full') return { ok: false, why: 'keys-full' };
		if (registered !== 'ok') return { ok: false, why: 'not-yours' };
		const subject = groupAppendSubject(this.#o.group, match);
		const ask = () =>
			askAppend(this.#o.nc, subject, writeEntry(entry), this.#o.answerMs ?? ANSWER_MS);
		const answer = await ask();
		if (!answer.ok && answer.why === 'not-yours' && (await this.#registration.again())) {
			return ask();
		}
		return answer;
	}

	/** The group's entries of the match (held.ts): on their own subjects, or (`before`) that build's. */
	#read(id: string, before = false): Promise<Copy> {
		const { group, rulesOf } = this.#o;
		return heldEntries(this.#js, group, id, { rulesOf, before, waitMs: READ_MS });
	}
}
