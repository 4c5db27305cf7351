/**
 * Debug feature: the proxy (debug-proxy.ts), what the console needs to start (environments with their
 * headers and params, the application's common headers and params, scripts, the proxy switch), debug
 * scripts (type pre 0 / after 1; scope doc 0 / module 1 / project 2) and the per-application debug props
 * (prop types 10 debug, 11 debug proxy). The console's reads accept a share or compose grant instead of a
 * login (debug-access.ts: a dynamic case); script and prop writes declare their resource.
 * Contracts: packages/shared/src/schemas/debug.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DebugContextSchema,
  DebugDocQuery,
  DebugPropsBody,
  DebugScriptSaveBody,
  DebugScriptSchema,
  IdInput,
  SavedIdSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.js';
import { registerParamNodeSchema } from '../../lib/schemas.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { scriptRef } from './debug.repo.js';
import * as debug from './debug.service.js';
import { authorizeScriptRef, debugAccess } from './debug-access.js';
import { debugProxyRoutes } from './debug-proxy.js';

const onScript = { action: 'script.update', resource: { kind: 'debugScript', from: 'body.id' } } as const;
const refKind = (scope: number) => (scope === 0 ? 'doc' : scope === 1 ? 'module' : 'project');

export const debugRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;
  registerParamNodeSchema(app);
  await debugProxyRoutes(app);

  app.get(
    '/doc/debugscript/list',
    {
      config: { auth: 'optional', action: 'doc.debug' },
      schema: {
        tags: ['debug'],
        summary: 'The debug scripts that apply to a doc',
        querystring: DebugDocQuery,
        response: okResponse(Type.Array(DebugScriptSchema)),
      },
    },
    async (req) => ok(await debug.listScripts(ctx, await debugAccess(req, req.query.docId))),
  );

  app.post(
    '/doc/debugscript/save',
    {
      config: { action: 'script.update' },
      schema: {
        tags: ['debug'],
        summary: 'Add a debug script or edit one',
        body: DebugScriptSaveBody,
        response: okResponse(SavedIdSchema),
      },
    },
    async (req) => {
      const b = req.body;
      // Dynamic: where the script lives depends on body.scope (and, for an edit, on where it lived).
      const refId = ids.decode(b.refId, refKind(b.scope));
      await authorizeScriptRef(req, b.scope, refId);
      let id = 0;
      if (b.id) {
        id = ids.decode(b.id, 'script');
        const old = await scriptRef(ctx.db, id);
        if (!old) throw notFound('script');
        await authorizeScriptRef(req, old.scope, old.refId);
      }
      const saved = await debug.saveScript(ctx, requireUser(req).nickname, id, refId, b);
      return ok({ id: b.id || ids.encode(saved) });
    },
  );

  for (const [path, enabled] of [
    ['/doc/debugscript/enable', 1],
    ['/doc/debugscript/disable', 0],
  ] as const) {
    app.post(
      path,
      {
        config: onScript,
        schema: {
          tags: ['debug'],
          summary: enabled ? 'Turn a debug script on' : 'Turn a debug script off',
          body: IdInput,
          response: okNull,
        },
      },
      async (req) => {
        await debug.setScriptEnabled(ctx, accessOf(req).id, enabled);
        return ok(null);
      },
    );
  }

  app.post(
    '/doc/debugscript/delete',
    { config: onScript, schema: { tags: ['debug'], summary: 'Delete a debug script', body: IdInput, response: okNull } },
    async (req) => {
      await debug.deleteScript(ctx, accessOf(req).id);
      return ok(null);
    },
  );

  // ---- what the console needs, in one call (works for share/compose viewers with a grant) ----
  app.get(
    '/debug/context',
    {
      config: { auth: 'optional', action: 'doc.debug' },
      schema: {
        tags: ['debug'],
        summary: 'What the debug console needs to start',
        querystring: DebugDocQuery,
        response: okResponse(DebugContextSchema),
      },
    },
    async (req) => ok(await debug.debugContext(ctx, await debugAccess(req, req.query.docId))),
  );

  // ---- per-application debug props: 11 = proxy switch, 10 = other remembered debug values ----
  app.post(
    '/debug/props/set',
    {
      config: { action: 'doc.debug', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: {
        tags: ['debug'],
        summary: "Remember an application's proxy switch and debug values",
        body: DebugPropsBody,
        response: okNull,
      },
    },
    async (req) => {
      await debug.setDebugProps(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );
};
