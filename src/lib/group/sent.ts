/**
 * How one match's sending as entries ended (entries.ts), defined once for the sending, the
 * group's sync and what its page says (entries-kept.ts, entries-words.ts): all of it stored
 * (and sealed when over), or stopped: no answer, the group's quota for the minute spent, the
 * group holding entries this phone lacks (`moved`, a conflict), waiting to read the group's
 * wire before sealing over a seal it never had (`waits`), or another refusal (kept on its
 * step, worded by keeper-words.ts).
 */
export type Sent =
	| { readonly kind: 'done' }
	| { readonly kind: 'offline' }
	| { readonly kind: 'slow-down' }
	| { readonly kind: 'waits' }
	| { readonly kind: 'moved' }
	| { readonly kind: 'refused'; readonly why: string; readonly code?: string };

export const DONE: Sent = { kind: 'done' };
/** Not sent for want of an answer, or of the group's whole wire: sent again at the next look. */
export const unanswered = (sent: Sent) =>
	sent.kind === 'offline' || sent.kind === 'slow-down' || sent.kind === 'waits';

/** The keeper took no more keys for this member (key-registration.ts `full`): the phone's refusal. */
export type KeysFull = { readonly ok: false; readonly why: 'keys-full' };
