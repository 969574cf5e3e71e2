/**
 * The card provider's field protocol (window.postMessage, same origin only): the flow asks the
 * provider's iframe for a token and gets back a token or an error code (an i18n key). The card
 * number stays inside the provider's frame; the portal sees only the token, last four and brand.
 */
import { ErrorCode } from '../../domain/error-codes.ts';
import type { CardToken } from './flow-state.ts';

export const TOKENIZE = 'card-provider:tokenize';
export const TOKEN = 'card-provider:token';
export const ERROR = 'card-provider:error';

/** A refusal of the provider's field, with the i18n key to show. */
export class CardFieldError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** `/card-provider/sandbox/field.html?key=pk&lang=de`: the field in the user's language. */
export function fieldSource(fieldUrl: string, publicKey: string, language: string): string {
  const url = new URL(fieldUrl, window.location.origin);
  url.searchParams.set('key', publicKey);
  url.searchParams.set('lang', language);
  return url.pathname + url.search;
}

/**
 * Asks the frame to tokenise what the user typed. A frame that does not answer within
 * `timeoutMs` counts as a provider failure, so the button never hangs.
 */
export function requestCardToken(frame: HTMLIFrameElement, timeoutMs = 20_000): Promise<CardToken> {
  const target = frame.contentWindow;
  if (!target) return Promise.reject(new CardFieldError(ErrorCode.cardProviderFailed));
  return new Promise<CardToken>((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the provider's own frame on our origin may answer.
      if (event.origin !== window.location.origin || event.source !== target) return;
      const data = event.data as { type?: unknown; token?: unknown; last4?: unknown; brand?: unknown; code?: unknown } | null;
      if (data?.type === TOKEN && typeof data.token === 'string') {
        finish();
        resolve({ token: data.token, last4: String(data.last4 ?? ''), brand: String(data.brand ?? '') });
      } else if (data?.type === ERROR) {
        finish();
        reject(new CardFieldError(typeof data.code === 'string' ? data.code : ErrorCode.cardProviderFailed));
      }
    };
    const timer = setTimeout(() => {
      finish();
      reject(new CardFieldError(ErrorCode.cardProviderFailed));
    }, timeoutMs);
    window.addEventListener('message', onMessage);
    target.postMessage({ type: TOKENIZE }, window.location.origin);
  });
}
