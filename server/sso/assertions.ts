import { createHmac, randomBytes } from 'node:crypto';
import { sameToken } from '../auth/tokens.ts';

/**
 * Signed, short-lived statements passed through the browser between the portal and an
 * identity provider: `payload.expiry.signature`, HMAC-SHA256 with the server's SSO secret.
 */
export class AssertionSigner {
  private readonly secret: Buffer;
  constructor(secret: string | undefined) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  sign(payload: Record<string, string>, ttlSeconds: number, now: Date): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const expiry = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
    return `${body}.${expiry}.${this.mac(`${body}.${expiry}`)}`;
  }

  /** The payload when the signature holds and the statement has not expired; undefined otherwise. */
  verify(token: string, now: Date): Record<string, string> | undefined {
    const [body, expiry, signature] = token.split('.');
    if (!body || !expiry || !signature || !/^\d+$/.test(expiry)) return undefined;
    if (!sameToken(signature, this.mac(`${body}.${expiry}`))) return undefined;
    if (Number(expiry) * 1000 < now.getTime()) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      return payload && typeof payload === 'object' ? payload as Record<string, string> : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}
