import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from './errors.ts';
import { HEALTH_PATH } from '../health/paths.ts';

/** When the server refuses new requests rather than queue them (0 turns a measure off). */
export interface LoadShedding {
  /** Mean event-loop delay over a sample, in milliseconds, above which requests are shed. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0 to 1, since the server started) above which requests are shed. */
  maxEventLoopUtilization: number;
  /** How often both are measured, in milliseconds. */
  sampleIntervalMs: number;
}

/**
 * A loop that lags half a second on average over a sample is saturated: queueing more only
 * makes every answer late (issue 22 item 10: p99 of 30 to 52 s at 300 requests a second, never a
 * 503). A single slow request (an embedded-database query of a second) barely moves the mean.
 */
export const DEFAULT_LOAD_SHEDDING: LoadShedding = { maxEventLoopDelayMs: 500, maxEventLoopUtilization: 0, sampleIntervalMs: 500 };

/** Seconds a shed client is asked to wait (Retry-After). */
export const SHED_RETRY_AFTER_SECONDS = 5;

/** Thresholds from the environment (LOAD_SHED_EVENT_LOOP_DELAY_MS, LOAD_SHED_EVENT_LOOP_UTILIZATION), defaults otherwise. */
export function parseLoadShedding(env: NodeJS.ProcessEnv): LoadShedding {
  const read = (name: string, fallback: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`${name} must be a number from 0 (off) to ${max}, not ${raw}`);
    return value;
  };
  return {
    maxEventLoopDelayMs: read('LOAD_SHED_EVENT_LOOP_DELAY_MS', DEFAULT_LOAD_SHEDDING.maxEventLoopDelayMs, 60_000),
    maxEventLoopUtilization: read('LOAD_SHED_EVENT_LOOP_UTILIZATION', DEFAULT_LOAD_SHEDDING.maxEventLoopUtilization, 1),
    sampleIntervalMs: DEFAULT_LOAD_SHEDDING.sampleIntervalMs,
  };
}

/** Liveness and readiness (/health/live, /health/ready) must answer under load too: the orchestrator asks them. */
const isHealthCheck = (url: string) => url.startsWith(`${HEALTH_PATH}/`);

/**
 * Sheds load early (@fastify/under-pressure, at onRequest, before any other work): past a
 * threshold every request answers 503 errors.request.overloaded with Retry-After, health checks
 * excepted. Registered first, so a shed request costs no session lookup or body read.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: LoadShedding): Promise<void> {
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    sampleInterval: limits.sampleIntervalMs,
    // A rejected promise goes to the error handler (server/http/errors.ts) as a JSON:API error.
    pressureHandler: async (request, reply) => {
      if (isHealthCheck(request.url)) return;
      reply.header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
      throw new ApiError(503, ErrorCode.overloaded, undefined, { retry_after_seconds: SHED_RETRY_AFTER_SECONDS });
    },
  });
}
