/** Routes of the webhooks feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function webhooksRoutes(_app: FastifyInstance): Promise<void> {}
