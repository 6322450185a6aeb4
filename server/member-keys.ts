// The keeper's book of a group's members' keys (docs/wire.md, "Keys"; "Who writes", check 2):
// which member's phone holds each public key, and whether the member was removed. The group's
// `member.<user>` records are the book on disk: the server writes every one through `record`
// here, which names the member's keys in it and keeps the book in step; a group's book is read
// from its records the first time the keeper needs it after it starts, so a killed and
// restarted keeper still knows every key.
import * as v from 'valibot';
import { DeliverPolicy } from '@nats-io/jetstream';
import { MemberRecord } from '../src/lib/wire/provision';
import { groupStreamOf, memberSubject } from '../src/lib/wire/names.js';
import type { Clerk } from './clerks';

interface Member {
	keys: readonly string[];
	removed: boolean;
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
				const { user, keys, removed } = parsed.output;
				note(book, user, { keys: keys ?? [], removed });
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
		 * the keys the book knows for it, and `keys` added (`moved`, a key now another member's,
		 * taken out), and the book follows once it is stored.
		 */
		async record<T>(
			group: string,
			subject: string,
			body: object,
			write: (body: object) => Promise<T>,
			keys: readonly string[] = [],
			moved?: string
		): Promise<T> {
			const user = subject.startsWith(memberSubject(group, ''))
				? subject.slice(memberSubject(group, '').length)
				: null;
			const parsed = user ? v.safeParse(MemberRecord, body) : null;
			if (!user || !parsed?.success) return write(body);
			const book = await bookOf(group);
			const known = book.members.get(user)?.keys ?? [];
			const all = [...new Set([...known, ...(parsed.output.keys ?? []), ...keys])].filter(
				(one) => one !== moved
			);
			const done = await write({ ...body, ...(all.length ? { keys: all } : {}) });
			note(book, user, { keys: all, removed: parsed.output.removed });
			return done;
		}
	};
}

export type MemberKeys = ReturnType<typeof startMemberKeys>;
