/** buildApp(options): registers plugins then feature modules; never listens. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, migrate } from './db/database.js';
import { validation } from './lib/errors.js';
import { IdCodec } from './lib/ids.js';
import { boundNumbers, hasNonFinite } from './lib/schemas.js';
import { registerModules } from './modules/index.js';
import { loadInstallKey } from './modules/system/install-key.js';
import { Settings } from './modules/system/settings.js';
import { ensureFirstAdmin } from './modules/users/bootstrap.js';
import { authorizeDeclared, isKnownResource } from './permissions/declared.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling, withErrorResponses } from './plugins/envelope.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Run migrations before building (default true). */
  migrate?: boolean;
  /** Start background workers (jobs, webhooks); tests turn them off where they drive them by hand. */
  workers?: boolean;
}

export type App = FastifyInstance;

/** A route registered by a feature module (the permission matrix test lists these). */
export interface FeatureRoute {
  method: string;
  url: string;
  config: { auth?: string; allowSetPassword?: boolean; action?: string; resource?: unknown };
  /** True when the route declares a response schema (its output is serialised and filtered by it). */
  hasResponse: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the feature modules registered (not the static web files), in registration order. */
    featureRoutes: FeatureRoute[];
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** Finds the built web app (apps/web/dist) from src or dist. */
export function findWebDist(config: Config): string | null {
  const candidates = [config.webDist, resolve(here, '../../web/dist'), resolve(process.cwd(), 'apps/web/dist')];
  for (const c of candidates) if (c && existsSync(join(c, 'index.html'))) return c;
  return null;
}

/** Builds the Fastify app around an open database: migrations, install secrets, plugins, modules. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  if (opts.migrate !== false) await migrate(database.db, database.dialect);
  const settings = new Settings(database.db);
  await settings.load();
  const installKey = await loadInstallKey(database.db, settings, config.secretKey);
  const grantKey = Buffer.from(await settings.ensureSecret('folio.secret.grant-key', 32), 'base64');
  const salt = await settings.ensureSecret('folio.secret.hashids-salt', 18);

  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 64 * 1024 * 1024,
    // X-Forwarded-For only from the configured proxies (FOLIO_TRUST_PROXY); otherwise the socket address.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    return503OnClosing: true,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    readWorkers: database.readWorkers,
    config,
    // The salt as the settings hold it on each use (a Torna migration through any server replaces it).
    ids: new IdCodec(() => settings.get('folio.secret.hashids-salt') || salt),
    installKey,
    grantKey,
    settings,
  };
  app.decorate('ctx', ctx);
  // One onSend hook for the headers every answer carries (each hook is a step of every request).
  registerSecurityHeaders(app);

  await app.register(cors, {
    // Any origin, reflected (the plugin's `true`: no origin callback to resolve on every request).
    origin: true,
    credentials: false,
    exposedHeaders: ['target-response-headers', 'x-request-id', 'content-disposition'],
  });
  // Answers over 1 KB go out as brotli or gzip, as the client accepts. Brotli at quality 2: on a 5 KB doc
  // detail quality 4 took 37 µs per answer and quality 2 14 µs, for 25 % more bytes (376 instead of 301 of a
  // 3 KB answer); the large space tree is compressed once at quality 4 by its own cache (tree-answers.ts).
  // Up to 64 KB they are compressed in one synchronous call (about 0.1 ms for a page of search hits); the
  // stream path (the plugin's default above 8 KB on two cores) cost about 1 ms of latency per answer.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    // The library's default list (text, JSON, XML, octet-stream) plus YAML, which OpenAPI exports are sent as.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:json|text|xml|yaml)(?:;|$)|octet-stream(?:;|$)/u,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 6 },
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Folio API', version: '1.27.0', description: 'Folio management, share and open (Torna-compatible) API' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transformObject: withErrorResponses,
  });
  registerErrorHandling(app);
  // Settings are checked against the database before each request (another server may have changed them),
  // in the statement that also reads the request's session.
  registerAuth(app);

  await ensureFirstAdmin(app, config.adminPassword);
  const featureRoutes: FeatureRoute[] = [];
  let collecting = true;
  app.decorate('featureRoutes', featureRoutes);
  app.addHook('onRoute', (r) => {
    // Every numeric input is bounded (finite, within the database's integer range) unless the route says more.
    let numeric = false;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) numeric = boundNumbers(r.schema?.[part]) || numeric;
    if (numeric) {
      const finite = async (req: FastifyRequest) => {
        if (hasNonFinite(req.query) || hasNonFinite(req.params) || hasNonFinite(req.body)) {
          throw validation([{ field: 'number', message: 'must be a finite number within range' }]);
        }
      };
      r.preHandler = [...[r.preHandler ?? []].flat(), finite] as typeof r.preHandler;
    }
    // Declared authorisation (config.resource + config.action): one preHandler, after input validation.
    const declared = (r.config as FastifyContextConfig | undefined)?.resource;
    if (declared) {
      if (!isKnownResource(declared)) throw new Error(`${r.url}: unknown resource kind in ${JSON.stringify(declared)}`);
      r.preHandler = [...[r.preHandler ?? []].flat(), authorizeDeclared] as typeof r.preHandler;
    }
    if (!collecting) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      featureRoutes.push({
        method,
        url: r.url,
        config: (r.config ?? {}) as FeatureRoute['config'],
        hasResponse: !!r.schema?.response,
      });
    }
  });
  await registerModules(app, { workers: opts.workers !== false });
  collecting = false;

  const web = findWebDist(config);
  if (web) {
    // Hashed build files (assets/name-HASH.ext) never change: cached for a year; the build wrote .br/.gz
    // beside them. index.html is revalidated on every load so a new release is picked up at once.
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res: { header(k: string, v: string): unknown }, path: string) => {
        const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(path);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (web && req.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/mock')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: '100', msg: 'Not found', data: null, error: 'not_found', requestId: req.id });
  });
  return app;
}
