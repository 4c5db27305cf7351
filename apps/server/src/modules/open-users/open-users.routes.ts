/** Routes of the open-users feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function openUsersRoutes(_app: FastifyInstance): Promise<void> {}
