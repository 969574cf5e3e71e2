import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { writeClientError } from './errors.ts';

/** What writeClientError writes for a parser error with this code, split into head and body. */
function answerTo(code: string): { head: string; body: unknown; destroyed: boolean } {
  const socket = new PassThrough();
  let written = '';
  socket.write = (chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  };
  socket.on('error', () => undefined);
  writeClientError(Object.assign(new Error(code), { code }), socket);
  const [head = '', body = ''] = written.split('\r\n\r\n');
  return { head, body: JSON.parse(body), destroyed: socket.destroyed };
}

describe("writeClientError (what Node's HTTP parser refuses)", () => {
  it('answers a malformed request with a JSON:API 400 and closes the connection', () => {
    const answer = answerTo('HPE_INVALID_METHOD');
    expect(answer.head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.head).toContain('Content-Type: application/vnd.api+json');
    expect(answer.body).toEqual({ errors: [{ status: '400', code: ErrorCode.invalidRequest, title: ErrorCode.invalidRequest }] });
    expect(answer.destroyed).toBe(true);
  });

  it('keeps the status of headers too large (431) and of a request too slow (408)', () => {
    expect(answerTo('HPE_HEADER_OVERFLOW').head).toMatch(/^HTTP\/1\.1 431 /);
    expect(answerTo('HPE_HEADER_OVERFLOW').body).toMatchObject({ errors: [{ code: ErrorCode.payloadTooLarge }] });
    expect(answerTo('ERR_HTTP_REQUEST_TIMEOUT').head).toMatch(/^HTTP\/1\.1 408 /);
  });
});
