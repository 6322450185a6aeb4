// The home page is prerendered: its HTML already holds the heading and tagline, so they paint
// before any script has run. Its first words are written in every language (FirstWords.svelte)
// and src/app.html picks the visitor's before that paint (docs/architecture.md). What the home
// lists (unfinished matches, the games) is read in the browser, after it has started.
export const ssr = true;
export const prerender = true;
