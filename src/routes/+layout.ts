// A static single-page app: everything renders in the browser, from the one fallback page
// the service worker also serves offline.
export const ssr = false;
export const prerender = false;
