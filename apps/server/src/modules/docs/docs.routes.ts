/** Routes of the docs feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function docsRoutes(_app: FastifyInstance): Promise<void> {}
