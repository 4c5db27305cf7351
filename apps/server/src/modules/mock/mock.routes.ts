/** Routes of the mock feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function mockRoutes(_app: FastifyInstance): Promise<void> {}

/** Routes outside the /api prefix. */
export async function mockRootRoutes(_app: FastifyInstance): Promise<void> {}
