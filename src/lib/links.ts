/**
 * Addresses built from ids: each id is encoded, so that an id can never name another page
 * (ids are checked on the way in too: src/lib/wire/ids.ts).
 */
export const matchHref = (id: string) => `/match/${encodeURIComponent(id)}`;
export const playerHref = (id: string) => `/players/${encodeURIComponent(id)}`;
