/** Routes of the exports feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function exportsRoutes(_app: FastifyInstance): Promise<void> {}
