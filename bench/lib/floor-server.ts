/**
 * The floor for a read benchmark: a plain Fastify server that answers GET /floor with bytes held in memory
 * (the file named by FLOOR_BODY, with FLOOR_HEADERS as JSON), on PORT. What no real server can beat on the
 * same machine, the same client and the same bytes.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.FLOOR_BODY as string);
const headers = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/floor', async (_req, reply) => reply.headers(headers).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
