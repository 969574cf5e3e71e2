import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

export function exposureRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
