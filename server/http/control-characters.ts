import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { badRequest, type ErrorSource } from './errors.ts';

/**
 * C0 controls and DEL. PostgreSQL refuses NUL in text outright (a 500 before this rule), and no
 * field of the program has a use for the others; tab, line feed and carriage return stay allowed in
 * bodies (multi-line descriptions and comments) but not in a path or query value.
 */
const BODY_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;

/** The JSON pointer of the first string (value or key) holding a forbidden character, else undefined. */
export function findControlCharacter(value: unknown, forbidden: RegExp, pointer = ''): string | undefined {
  if (typeof value === 'string') return forbidden.test(value) ? pointer || '/' : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], forbidden, `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1');
      if (forbidden.test(key)) return `${pointer}/${escaped}`;
      const found = findControlCharacter(item, forbidden, `${pointer}/${escaped}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Where in the request a forbidden character sits, as a JSON:API error source. */
export function controlCharacterSource(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): ErrorSource | undefined {
  const inPath = findControlCharacter(request.params, LINE_FORBIDDEN);
  if (inPath !== undefined) return { parameter: inPath.slice(1) };
  const inQuery = findControlCharacter(request.query, LINE_FORBIDDEN);
  if (inQuery !== undefined) return { parameter: inQuery.slice(1) };
  const inBody = findControlCharacter(request.body, BODY_FORBIDDEN);
  return inBody !== undefined ? { pointer: inBody } : undefined;
}

/**
 * One rule for every string of every path, query and body: a control character is refused with
 * 400 errors.request.controlCharacter before validation and before anything reaches the database.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  // A callback hook: the check is synchronous, and a promise per request cost the hot lists (issue 25).
  app.addHook('preValidation', (request, _reply, done) => {
    const source = controlCharacterSource(request);
    if (source) throw badRequest(ErrorCode.controlCharacter, source);
    done();
  });
}
