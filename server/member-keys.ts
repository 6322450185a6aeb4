// The keeper's book of a group's members' keys (docs/wire.md, "Keys"; "Who writes", check 2):
// which member's phone holds each public key, and whether the member was removed. The group's
// `member.<user>` records are the book on disk: the server writes every one through `record`
// here, which names the member's keys in it and keeps the book in step; a group's book is read
// from its records the first time the keeper needs it after it starts, so a killed and
// restarted keeper still knows every key, and the wire each key's phone said it reads
// (`reads`, docs/wire.md, "Reading a group's matches from the wire: the switch").
import * as v from 'valibot';
import { DeliverPolicy } from '@nats-io/jetstream';
import { MemberRecord } from '../src/lib/wire/provision';
import { groupStreamOf, memberSubject } from '../src/lib/wire/names.js';
import type { Clerk } from './clerks';

interface Member {
	keys: readonly string[];
	removed: boolean;
	/** the wire a key's phone reads, for a key that did not say 1 (MemberRecord's `reads`) */
	reads?: Readonly<Record<string, number>>;
}

/** What a record written adds to the member's: keys, a key moved to another member, reads. */
export interface Added {
	readonly keys?: readonly string[];
	/** a key now another member's, taken out of this one's */
	readonly moved?: string;
	/** what the keys said they read: 1 takes a key out of `reads` (absent is 1) */
	readonly reads?: Readonly<Record<string, number>>;
}

/** One group's members by user, and each registered key's member. */
interface Book {
	members: Map<string, Member>;
	owners: Map<string, string>;
}

/** How long a read of a group's member records waits for the next (the last is known first). */
const READ_MS = 2_000;

export function startMemberKeys(clerks: { of(group: string): Promise<Clerk> }) {
	const books = new Map<string, Promise<Book>>();

	/**
	 * A key belongs to the member that registered it last, unless that one was removed and
	 * another member still holds it: a removed member's phone invited anew (the same key, a new
	 * credential) writes for its new member, whatever order the records are read in.
	 */
	function note(book: Book, user: string, member: Member) {
		book.members.set(user, member);
		for (const key of member.keys) {
			const owner = book.owners.get(key);
			if (member.removed && owner && owner !== user && !book.members.get(owner)?.removed) continue;
			book.owners.set(key, user);
		}
	}

	/** Every `member.<user>` record of the group, the newest of each, read from its stream. */
	async function read(group: string): Promise<Book> {
		const { js } = await clerks.of(group);
		const book: Book = { members: new Map(), owners: new Map() };
		const consumer = await js.consumers.get(groupStreamOf(group), {
			filter_subjects: memberSubject(group, '*'),
			deliver_policy: DeliverPolicy.LastPerSubject
		});
		if ((await consumer.info(true)).num_pending === 0) return book;
		const reading = await consumer.consume({ max_messages: 256, expires: READ_MS });
		for await (const message of reading) {
			const parsed = v.safeParse(MemberRecord, message.json());
			if (parsed.success) {
				const { user, keys, removed, reads } = parsed.output;
				note(book, user, { keys: keys ?? [], removed, ...(reads ? { reads } : {}) });
			}
			if (message.info.pending === 0) break;
		}
		reading.stop();
		return book;
	}

	function bookOf(group: string): Promise<Book> {
		let book = books.get(group);
		if (!book) {
			book = read(group);
			books.set(group, book);
			// not read (the clerk not connected yet): read afresh the next time
			book.catch(() => books.delete(group));
		}
		return book;
	}

	return {
		/** The member whose phone registered `key` in the group and is not removed, or null. */
		async writerOf(group: string, key: string): Promise<string | null> {
			const book = await bookOf(group);
			const user = book.owners.get(key);
			return user && !book.members.get(user)?.removed ? user : null;
		},
		/** The member's keys and whether the group's record says it was removed. */
		async memberOf(group: string, user: string): Promise<Member | null> {
			return (await bookOf(group)).members.get(user) ?? null;
		},
		/** The user whose phone registered `key` in the group, removed or not, or null. */
		async ownerOf(group: string, key: string): Promise<string | null> {
			return (await bookOf(group)).owners.get(key) ?? null;
		},
		/**
		 * The server's own record in the group's stream written by `write`; a member's carries
		 * the keys the book knows for it and what they read, with `added`'s, and the book
		 * follows once it is stored.
		 */
		async record<T>(
			group: string,
			subject: string,
			body: object,
			write: (body: object) => Promise<T>,
			added: Added = {}
		): Promise<T> {
			const user = subject.startsWith(memberSubject(group, ''))
				? subject.slice(memberSubject(group, '').length)
				: null;
			const parsed = user ? v.safeParse(MemberRecord, body) : null;
			if (!user || !parsed?.success) return write(body);
			const book = await bookOf(group);
			const known = book.members.get(user);
			const all = [
				...new Set([...(known?.keys ?? []), ...(parsed.output.keys ?? []), ...(added.keys ?? [])])
			].filter((one) => one !== added.moved);
			const said = { ...known?.reads, ...parsed.output.reads, ...added.reads };
			// a key's wire named only while the record names the key, and only when not 1
			const reads = Object.fromEntries(
				Object.entries(said).filter(([key, wire]) => all.includes(key) && wire !== 1)
			);
			const readsSaid = Object.keys(reads).length ? { reads } : {};
			const plain: Record<string, unknown> = { ...body };
			delete plain.reads;
			const done = await write({ ...plain, ...(all.length ? { keys: all } : {}), ...readsSaid });
			note(book, user, { keys: all, removed: parsed.output.removed, ...readsSaid });
			return done;
		}
	};
}

export type MemberKeys = ReturnType<typeof startMemberKeys>;
