/** Routes of the shares feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function sharesRoutes(_app: FastifyInstance): Promise<void> {}
