/** Routes of the admin feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function adminRoutes(_app: FastifyInstance): Promise<void> {}
