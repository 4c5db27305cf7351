/** Routes of the imports feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function importsRoutes(_app: FastifyInstance): Promise<void> {}
