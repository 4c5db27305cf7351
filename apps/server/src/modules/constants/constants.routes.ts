/** Routes of the constants feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function constantsRoutes(_app: FastifyInstance): Promise<void> {}
