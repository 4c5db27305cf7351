/** Routes of the history feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function historyRoutes(_app: FastifyInstance): Promise<void> {}
