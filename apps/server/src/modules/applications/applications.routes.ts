/** Routes of the applications feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function applicationsRoutes(_app: FastifyInstance): Promise<void> {}
