// The portal's entry, for a page the server rendered (issue 25): imported once the server's markup
// has been drawn. Evaluating the entry's modules and hydrating is one long task, which the browser
// ran before its first paint, as the code had come while the server rendered. The entry is already
// fetched (the page preloads it). A hidden page draws no frames (a tab opened in the background):
// it imports at once. The server puts this script in the entry's place (server/http/static-assets.ts).
const entry = document.querySelector('script[data-portal-entry]')?.getAttribute('data-portal-entry');
const start = () => (entry ? import(entry) : undefined);
// A task queued from an animation frame's callback runs once that frame is done.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
