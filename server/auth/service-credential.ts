import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { unauthenticated } from '../http/errors.ts';

/**
 * Issue 26: the program operator's API (deciding credit applications) is called by a service, not
 * by a portal user (the policy has no operator user type). It presents a bearer key
 * (`Authorization: Bearer <key>`) that the deployment sets in OPERATOR_API_KEYS (comma-separated,
 * so a key can be rotated: add the new one, move callers, drop the old). The process keeps only
 * the keys' SHA-256 digests, compares digests in constant time, and never logs a key. No keys
 * configured: every call is refused, so an operator route is never open by omission.
 */
export interface ServiceCredential {
  verify(request: FastifyRequest): void;
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** Keys shorter than this are refused at start: a guessable operator key would open every decision. */
export const MIN_OPERATOR_KEY_LENGTH = 24;

export function parseOperatorKeys(value: string | undefined): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  for (const key of keys) {
    if (key.length < MIN_OPERATOR_KEY_LENGTH)
      throw new Error(`OPERATOR_API_KEYS: each key needs at least ${MIN_OPERATOR_KEY_LENGTH} characters`);
  }
  return keys;
}

export function serviceCredential(keys: readonly string[]): ServiceCredential {
  const digests = keys.map(digest);
  return {
    verify(request) {
      const header = request.headers.authorization;
      const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const presentedDigest = digest(presented);
      // Every digest is compared, so the time taken tells nothing about which key nearly matched.
      let match = false;
      for (const known of digests) match = timingSafeEqual(known, presentedDigest) || match;
      if (!presented || !match) throw unauthenticated(ErrorCode.operatorCredentialInvalid);
    },
  };
}
