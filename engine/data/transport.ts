/**
 * How the portal's code reaches the network: the browser's `fetch`, except while the server renders
 * the first screen (app/entry-server.tsx), where the same code reads the API through the server
 * with the page's session (common/server-render.ts). One place, so the API client and the texts'
 * loader need no second path.
 */
export type Transport = (url: string, init?: RequestInit) => Promise<Response>;

const browserFetch: Transport = (url, init) => fetch(url, init);
let current: Transport = browserFetch;

export function send(url: string, init?: RequestInit): Promise<Response> {
  return current(url, init);
}

/** The server render's transport for the render under way; `undefined`: the browser's again. */
export function setTransport(transport: Transport | undefined): void {
  current = transport ?? browserFetch;
}
