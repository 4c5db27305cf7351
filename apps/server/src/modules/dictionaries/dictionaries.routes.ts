/** Routes of the dictionaries feature (slot registered in modules/index.ts; the feature fills it). */
import type { FastifyInstance } from 'fastify';

export async function dictionariesRoutes(_app: FastifyInstance): Promise<void> {}
