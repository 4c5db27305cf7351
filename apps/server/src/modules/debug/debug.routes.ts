/** Routes of the debug feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function debugRoutes(_app: FastifyInstance): Promise<void> {}
