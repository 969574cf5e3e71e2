let serverNonce: string | undefined;

/** The server's render of a page (app/entry-server.tsx) gives Mantine's style elements the nonce of the page it renders. */
export function setServerStyleNonce(nonce: string | undefined): void {
  serverNonce = nonce;
}

/**
 * The style nonce of this page: the server writes a new one into every index.html it sends,
 * in `<meta property="csp-nonce">` (Vite's html.cspNonce), and names it in the response's CSP
 * (style-src without 'unsafe-inline'). Read through the `nonce` property: browsers hide the
 * attribute from the DOM once the page has loaded.
 */
export function pageStyleNonce(): string | undefined {
  if (typeof document === 'undefined') return serverNonce;
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

/**
 * Hands the nonce to the style elements not made by Mantine's provider: Mantine's modals lock
 * scrolling through react-remove-scroll, whose style tag takes its nonce from the get-nonce
 * package, which reads the global `__webpack_nonce__` (the name is that package's convention,
 * not webpack's here). Mantine's own tags get it through MantineProvider's getStyleNonce.
 */
export function shareStyleNonce(): void {
  const nonce = pageStyleNonce();
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
