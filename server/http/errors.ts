import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.ts';
import { JSON_API } from './jsonapi.ts';

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
  header?: string;
}

/** A refusal the client can act on: HTTP status plus an i18n key from the spec §8 catalogue. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeKey,
    readonly source?: ErrorSource,
    readonly meta?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export const badRequest = (code: ErrorCodeKey, source?: ErrorSource, meta?: Record<string, unknown>) =>
  new ApiError(400, code, source, meta);
export const unprocessable = (code: ErrorCodeKey, source?: ErrorSource, meta?: Record<string, unknown>) =>
  new ApiError(422, code, source, meta);
export const forbidden = () => new ApiError(403, ErrorCode.forbidden);
export const notFound = (code: ErrorCodeKey = ErrorCode.notFound) => new ApiError(404, code);
export const unauthenticated = (code: ErrorCodeKey = ErrorCode.notAuthenticated) => new ApiError(401, code);

export function errorDocument(status: number, code: ErrorCodeKey, source?: ErrorSource, meta?: Record<string, unknown>) {
  return { errors: [{ status: String(status), code, title: code, ...(source ? { source } : {}), ...(meta ? { meta } : {}) }] };
}

function fromFastifyError(error: FastifyError): ApiError | undefined {
  if (error.validation) {
    const first = error.validation[0];
    const path = first?.instancePath ?? '';
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const pointer = missing ? `${path}/${missing}` : path || '/';
    const context = error.validationContext;
    if (context === 'querystring' && !missing) {
      // The same refusal parseListQuery gives: the offending query parameter, by name.
      const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
      return badRequest(ErrorCode.invalidFilter, { parameter: extra ?? path.replace(/^\//, '') });
    }
    if (missing) {
      return badRequest(ErrorCode.fieldRequired, context === 'body' ? { pointer } : { parameter: missing }, { field: missing });
    }
    return badRequest(ErrorCode.invalidRequest, context === 'body' ? { pointer } : { parameter: pointer.replace(/^\//, '') });
  }
  switch (error.code) {
    // The router's refusals (bad percent-encoding or UTF-8 in the path, a parameter past maxParamLength).
    case 'FST_ERR_BAD_URL':
      return badRequest(ErrorCode.invalidUrl);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, ErrorCode.uriTooLong);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, ErrorCode.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, ErrorCode.unsupportedMediaType);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest(ErrorCode.invalidRequest);
  }
  if (error.statusCode === 429) return new ApiError(429, ErrorCode.tooManyRequests);
  // Any other refusal keeps the status Fastify chose, with the generic code.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError(error.statusCode, ErrorCode.invalidRequest);
  if (error instanceof SyntaxError) return badRequest(ErrorCode.invalidRequest);
  return undefined;
}

/**
 * Central error handler: everything leaves as a JSON:API error; a 5xx never shows its internals.
 * It is also Fastify's `frameworkErrors`, which the router calls before any route or hook runs.
 */
export function handleError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) {
  const apiError = error instanceof ApiError ? error : fromFastifyError(error as FastifyError);
  if (apiError) {
    return reply
      .status(apiError.status)
      .type(JSON_API)
      .send(errorDocument(apiError.status, apiError.code, apiError.source, apiError.meta));
  }
  if (isDatabaseUnavailable(error)) {
    // Expected while the database restarts or fails over: one line, no stack, and the client is told when to come back.
    request.log.warn({ method: request.method, url: request.url, reason: error.message }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .type('application/vnd.api+json')
      .send(errorDocument(503, ErrorCode.serviceUnavailable, undefined, { retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS }));
  }
  request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
  return reply.status(500).type(JSON_API).send(errorDocument(500, ErrorCode.serverError));
}

const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (malformed request lines or
 * headers, headers too large, a request that took too long) never reaches Fastify, so the answer
 * is written to the socket here, as a JSON:API error like every other.
 */
export function writeClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const code = status === 431 ? ErrorCode.payloadTooLarge : ErrorCode.invalidRequest;
  const body = JSON.stringify(errorDocument(status, code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_API}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
