/** Routes of the sso feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function ssoRoutes(_app: FastifyInstance): Promise<void> {}
