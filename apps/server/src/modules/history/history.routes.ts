/** Routes of the history feature: change log, snapshots, compare and restore. */
import type { FastifyInstance } from 'fastify';
import './history-recorder.js';

export async function historyRoutes(_app: FastifyInstance): Promise<void> {}
