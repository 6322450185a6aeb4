// The home page is prerendered: its HTML already holds the heading and tagline, so they paint
// before any script has run (so a first visit's largest paint comes in under a second). It is
// written in English; src/app.html keeps it unpainted for a player whose language is another
// until the app has redrawn it. What the home lists (unfinished matches, the games) is read
// in the browser, after it has started.
export const ssr = true;
export const prerender = true;
