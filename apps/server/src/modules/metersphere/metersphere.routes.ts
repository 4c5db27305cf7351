/** Routes of the metersphere feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function metersphereRoutes(_app: FastifyInstance): Promise<void> {}
