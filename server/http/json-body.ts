import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { badRequest } from './errors.ts';
import { JSON_API } from './jsonapi.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest document of the API
 * (a dispute with its files, a resubmission's corrections) nests about five levels; every walk
 * over a parsed body (the control-character check, validation, the handlers) recurses, and a
 * few thousand levels overflow the stack (issue 22 item 4: an 8,000-deep array of 16 KB, even
 * to /auth/login, answered 500 and logged a stack trace).
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the JSON text nests arrays and objects deeper than `maxDepth`. One pass over the
 * characters without recursion and before any parse; brackets inside strings do not count.
 * Malformed text is the parser's to refuse, so this only counts.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The parser of JSON and JSON:API bodies: Fastify's own (which refuses empty bodies and
 * prototype poisoning), behind the nesting cap, which answers 400 errors.request.nestingTooDeep.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  for (const mediaType of ['application/json', JSON_API]) {
    // Fastify lets application/json's default parser be replaced; JSON:API has none to replace.
    app.addContentTypeParser(mediaType, { parseAs: 'string' }, (request, body, done) => {
      const text = String(body); // parseAs 'string': already text
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(badRequest(ErrorCode.nestingTooDeep, undefined, { max_depth: MAX_JSON_DEPTH }), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  }
}
