/** Routes of the compose feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function composeRoutes(_app: FastifyInstance): Promise<void> {}
