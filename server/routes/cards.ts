import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

export function cardRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
