/** Routes of the webhooks feature: per-application chat webhooks, test-send and the delivery log. */
import type { FastifyInstance } from 'fastify';
import './webhook-queue.js';

export async function webhooksRoutes(_app: FastifyInstance): Promise<void> {}
