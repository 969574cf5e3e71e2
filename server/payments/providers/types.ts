/**
 * The card processor behind a small interface, so the built-in sandbox can be swapped for a
 * real processor. Card data never reaches our server: the browser tokenises it in the
 * provider's hosted field, and the server only authorises a token for an amount.
 */
export interface AuthorizeRequest {
  token: string;
  amountMinor: number;
  currency: string;
  /** The payment's idempotency key: a retried authorisation must not charge twice. */
  idempotencyKey: string;
}

export interface Authorization {
  authorizationId: string;
  /** What the payment shows afterwards; never the full number. */
  last4: string;
  brand: string;
}

export type ProviderFailure = 'declined' | 'timeout' | 'error';

/** A provider refused or could not answer; the payment is refused with nothing written. */
export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface CardProvider {
  readonly name: string;
  /** Authorises `amountMinor` on the token; throws ProviderError. `signal` aborts on our timeout. */
  authorize(request: AuthorizeRequest, signal: AbortSignal): Promise<Authorization>;
  /**
   * Releases an authorisation whose payment could not be written (e.g. an invoice was taken
   * meanwhile); voiding one already voided does nothing. Throws when the provider cannot be reached.
   */
  void(authorizationId: string): Promise<void>;
  /**
   * The live authorisation an idempotency key made, if any: how a restarted server finds a hold
   * whose answer it never recorded (it died while the provider answered).
   */
  findAuthorization(idempotencyKey: string): Promise<Authorization | undefined>;
  /** What the browser needs to embed the hosted field. */
  browserConfig(publicKey: string): { name: string; field_url: string; public_key: string };
}
