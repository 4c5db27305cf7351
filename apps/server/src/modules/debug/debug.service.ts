/**
 * Debug feature: what the console needs to start, debug scripts and the per-application debug props. No
 * HTTP types: routes establish access (debug-access.ts, or the declared resource), then call these.
 */
import {
  type DebugContext,
  type DebugPropsInput,
  type DebugScript,
  type DebugScriptSaveInput,
  DebugScriptScope,
  ParamOwner,
  ParamStyle,
  PropType,
  roleAllows,
} from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { validation } from '../../lib/errors.js';
import { flag } from '../../lib/schemas.js';
import { defineResource, type ResourcePlace } from '../../permissions/declared.js';
import { buildParamTrees, loadEnums, loadParamTreeRows } from '../docs/doc-params.js';
import * as repo from './debug.repo.js';
import type { DebugAccess } from './debug-access.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids'>;

/** Debug values an application remembers (prop type 10); the proxy switch is type 11 'proxy'. */
const DEBUG_PROP_NAMES = new Set(['envId', 'followRedirects']);

/** Where a script of a scope lives: its doc, application or project. */
export const scriptPlace = (scope: number, refId: number): ResourcePlace => ({
  kind: scope === DebugScriptScope.DOC ? 'doc' : scope === DebugScriptScope.MODULE ? 'module' : 'project',
  id: refId,
});

// A script is edited with the role where its scope puts it.
defineResource('debugScript', async (ctx, id) => {
  const s = await repo.scriptRef(ctx.db, id);
  return s && scriptPlace(s.scope, s.refId);
});

const present = (ctx: Ctx, s: repo.ScriptRow): DebugScript => ({
  id: ctx.ids.encode(s.id),
  name: s.name,
  description: s.description,
  content: s.content,
  type: s.type,
  scope: s.scope,
  refId: ctx.ids.encode(s.refId),
  enabled: s.enabled,
  creatorName: s.creatorName,
  gmtCreate: Number(s.createdAt),
  gmtModified: Number(s.updatedAt),
});

/** The scripts that apply to the doc (only enabled ones for grant viewers). */
export async function listScripts(ctx: Ctx, a: DebugAccess): Promise<DebugScript[]> {
  const rows = await repo.scriptsFor(ctx.db, a.docId, a.moduleId, a.projectId, !a.asUser);
  return rows.map((s) => present(ctx, s));
}

/** Everything the console needs to start, in one answer. */
export async function debugContext(ctx: Ctx, a: DebugAccess): Promise<DebugContext> {
  const { db, ids } = ctx;
  const envIds = a.environments.map((e) => e.id);
  const envRows = envIds.length ? await loadParamTreeRows(db, ParamOwner.ENVIRONMENT, envIds) : [];
  const modRows = await loadParamTreeRows(db, ParamOwner.MODULE, [a.moduleId]);
  const enums = await loadEnums(
    db,
    ids,
    [...envRows, ...modRows].map((r) => r.enumId),
  );
  const envTrees = buildParamTrees(envRows, ids, enums);
  const modTree = buildParamTrees(modRows, ids, enums).get(a.moduleId);
  const props = await repo.debugProps(db, a.moduleId);
  const proxyProp = props.find((p) => p.type === PropType.DEBUG_PROXY && p.name === 'proxy');
  const debugProps = Object.fromEntries(props.filter((p) => p.type === PropType.DEBUG).map((p) => [p.name, p.val]));
  return {
    moduleId: ids.encode(a.moduleId),
    projectId: a.asUser ? ids.encode(a.projectId) : '',
    environments: a.environments.map((e) => ({
      id: ids.encode(e.id),
      name: e.name,
      url: e.url,
      isPublic: e.isPublic,
      orderIndex: e.orderIndex,
      headers: envTrees.get(e.id)?.get(ParamStyle.HEADER) ?? [],
      params: envTrees.get(e.id)?.get(ParamStyle.REQUEST) ?? [],
    })),
    gatewayUrl: a.extraTargets[0] ?? '',
    commonHeaders: modTree?.get(ParamStyle.HEADER) ?? [],
    commonParams: modTree?.get(ParamStyle.REQUEST) ?? [],
    scripts: await listScripts(ctx, a),
    proxy: proxyProp ? proxyProp.val === 'true' : null,
    debugProps,
    asUser: a.asUser,
    canEditScripts: roleAllows('script.update', a.role),
    canEditMock: roleAllows('doc.mock', a.role),
  };
}

/** Writes a script (insert when id is 0) at its decoded scope ref; returns its id. */
export async function saveScript(ctx: Ctx, nickname: string, id: number, refId: number, b: DebugScriptSaveInput): Promise<number> {
  const now = Date.now();
  const values: repo.ScriptWrite = {
    name: b.name.trim(),
    description: b.description ?? '',
    content: b.content,
    type: b.type,
    scope: b.scope,
    refId,
    enabled: b.enabled === undefined ? 1 : flag(b.enabled),
    updatedAt: now,
  };
  if (id) {
    await repo.updateScript(ctx.db, id, values);
    return id;
  }
  return repo.insertScript(ctx.db, ctx.dialect, { ...values, creatorName: nickname, createdAt: now });
}

/** Turns a script on or off. */
export const setScriptEnabled = (ctx: Ctx, id: number, enabled: 0 | 1) => repo.updateScript(ctx.db, id, { enabled, updatedAt: Date.now() });

/** Deletes a script. */
export const deleteScript = (ctx: Ctx, id: number) => repo.deleteScript(ctx.db, id);

/** Remembers an application's proxy switch and debug values (names other than envId/followRedirects are refused). */
export async function setDebugProps(ctx: Ctx, moduleId: number, b: Omit<DebugPropsInput, 'moduleId'>): Promise<void> {
  const entries: { type: number; name: string; val: string }[] = [];
  if (b.proxy !== undefined) entries.push({ type: PropType.DEBUG_PROXY, name: 'proxy', val: String(b.proxy) });
  for (const [name, val] of Object.entries(b.props ?? {})) {
    if (!DEBUG_PROP_NAMES.has(name)) throw validation([{ field: `props.${name}`, message: 'invalid value' }]);
    entries.push({ type: PropType.DEBUG, name, val });
  }
  await inTx(ctx.db, async (tx) => {
    for (const e of entries) await repo.setProp(tx, moduleId, e);
  });
}
