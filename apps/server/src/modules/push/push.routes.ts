/** Routes of the push feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function pushRoutes(_app: FastifyInstance): Promise<void> {}

/** Routes outside the /api prefix. */
export async function pushRootRoutes(_app: FastifyInstance): Promise<void> {}
