/** Routes of the messages feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function messagesRoutes(_app: FastifyInstance): Promise<void> {}
