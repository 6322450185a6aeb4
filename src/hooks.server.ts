import type { Handle } from '@sveltejs/kit';

// Runs only when the home page is prerendered at build time (the app has no server).
// Its scripts are not preloaded: the page's text is in its HTML and paints at once, and the
// scripts, fetched by Kit's start script as it runs, hydrate it after that first paint
// instead of competing with it (so a first visit's largest paint comes in under a second).
export const handle: Handle = ({ event, resolve }) =>
	resolve(event, { preload: ({ type }) => type !== 'js' });
