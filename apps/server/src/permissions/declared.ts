/**
 * Declarative authorisation. A route declares what it does and on what:
 *   config: { action: 'share.manage', resource: { kind: 'share', from: 'body.id' } }
 * and one preHandler (installed for every such route by app.ts) decodes the id at `from`, finds the space,
 * project, application or doc the resource belongs to, and asks the shared matrix through authorize*().
 * The handler then reads `accessOf(req)`: the decoded id and the caller's role and place.
 * Feature resources (a share, a compose project...) say where they live with `defineResource`.
 */
import type { Action, RoleCode } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { notFound, validation } from '../lib/errors.js';
import { authorizeDoc, authorizeModule, authorizeProject, authorizeSpace } from './authorize.js';

/** Where a resource id is read from: `body.<field>`, `query.<field>` or `params.<field>`. */
export type ResourceFrom = `body.${string}` | `query.${string}` | `params.${string}`;

/** A route's declared resource. */
export interface ResourceRef {
  /** 'space' | 'project' | 'module' | 'doc', or a kind registered with defineResource. */
  kind: string;
  from: ResourceFrom;
}

/** One resource, or a list of which the request must name exactly one (e.g. a project's or an application's page). */
export type ResourceDecl = ResourceRef | readonly ResourceRef[];

/** What the preHandler established: the resource's decoded id and the caller's role where it lives. */
export interface Access {
  /** Decoded id of the declared resource. */
  id: number;
  role: RoleCode;
  spaceId: number;
  projectId?: number;
  moduleId?: number;
}

/** The container whose role decides for a feature resource. */
export type ResourcePlace = { kind: 'space' | 'project' | 'module' | 'doc'; id: number };

type Resolver = (ctx: AppContext, id: number) => Promise<ResourcePlace | null | undefined>;

const CORE = new Set(['space', 'project', 'module', 'doc']);
const resolvers = new Map<string, Resolver>();

/** Registers a feature resource: how to find the space/project/application/doc a row of that kind lives in. */
export function defineResource(kind: string, resolve: Resolver): void {
  resolvers.set(kind, resolve);
}

/** True when routes may declare these kinds (checked when a route registers, so a typo fails at boot). */
export function isKnownResource(decl: ResourceDecl): boolean {
  return (Array.isArray(decl) ? decl : [decl as ResourceRef]).every((r) => CORE.has(r.kind) || resolvers.has(r.kind));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the declared-authorisation preHandler; read with accessOf(req). */
    access: Access | null;
  }
}

async function authorizePlace(req: FastifyRequest, place: ResourcePlace, action: Action): Promise<Omit<Access, 'id'>> {
  switch (place.kind) {
    case 'space':
      return { role: await authorizeSpace(req, place.id, action), spaceId: place.id };
    case 'project':
      return authorizeProject(req, place.id, action);
    case 'module':
      return authorizeModule(req, place.id, action);
    case 'doc':
      return authorizeDoc(req, place.id, action);
  }
}

const valueAt = (req: FastifyRequest, from: ResourceFrom): unknown => {
  const [part, field] = from.split('.') as ['body' | 'query' | 'params', string];
  return (req[part] as Record<string, unknown> | undefined)?.[field];
};

/** The declared resource this request names (of a list: the one present; exactly one must be). */
function pickResource(req: FastifyRequest, decl: ResourceDecl): ResourceRef {
  if (!Array.isArray(decl)) return decl as ResourceRef;
  const present = decl.filter((r) => valueAt(req, r.from) !== undefined && valueAt(req, r.from) !== '');
  if (present.length !== 1) {
    const names = decl.map((r) => r.from.split('.')[1]);
    throw validation([{ field: names[0], message: `give ${names.join(' or ')}` }]);
  }
  return present[0];
}

/** The preHandler of routes that declare `config.resource`: decode → locate → ask the matrix. */
export async function authorizeDeclared(req: FastifyRequest): Promise<void> {
  const { action, resource: decl } = req.routeOptions.config;
  if (!action || !decl) throw new Error(`route ${req.routeOptions.url} declares a resource without an action`);
  const resource = pickResource(req, decl);
  const raw = valueAt(req, resource.from);
  const id = req.server.ctx.ids.decode(typeof raw === 'string' ? raw : undefined, resource.kind);
  if (!id) throw notFound(resource.kind);
  let place: ResourcePlace | null | undefined = { kind: resource.kind as ResourcePlace['kind'], id };
  if (!CORE.has(resource.kind)) {
    const resolve = resolvers.get(resource.kind);
    if (!resolve) throw new Error(`unknown resource kind ${resource.kind}`);
    place = await resolve(req.server.ctx, id);
    if (!place) throw notFound(resource.kind);
  }
  req.access = { id, ...(await authorizePlace(req, place, action)) };
}

/** The access the declared-authorisation preHandler established for this request. */
export function accessOf(req: FastifyRequest): Access {
  if (!req.access) throw new Error(`route ${req.routeOptions.url} reads access but declares no resource`);
  return req.access;
}
