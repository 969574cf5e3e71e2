import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

export function currencyRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
