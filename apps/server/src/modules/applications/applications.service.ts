/**
 * Applications (Torna's "module"): the rules of CRUD, the push token and the settings page (one
 * transaction per write, search entries rebuilt in it). No HTTP types: routes decode and authorise, then call these.
 */
import { randomBytes } from 'node:crypto';
import { type ModuleInfo, type ModuleSettings, type ModuleSettingsUpdateInput, type ModuleUpdateInput, PushConfigKey } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { encrypt } from '../../lib/crypto.js';
import { flag } from '../../lib/schemas.js';
import type { SessionUser } from '../../plugins/auth.js';
import { indexContainers } from '../search/search-index.js';
import * as repo from './applications.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'installKey'>;

/** Module config keys of the settings page (module_configs type COMMON). */
export const ModuleSettingKey = {
  OVERRIDE: PushConfigKey.OVERRIDE,
  PRINT_CONTENT: PushConfigKey.PRINT_CONTENT,
  DEBUG_PROXY: 'debugProxy',
  TEST_TOOL: 'testTool',
} as const;
const BOOL_KEYS = [ModuleSettingKey.OVERRIDE, ModuleSettingKey.PRINT_CONTENT, ModuleSettingKey.DEBUG_PROXY] as const;

/** A fresh push token: 32 random hex chars. */
export const newModuleToken = () => randomBytes(16).toString('hex');

/** Reads an application's COMMON k/v settings. */
export const readModuleSettings = repo.readModuleSettings;

const present = (ctx: Ctx, m: repo.ModuleRow): ModuleInfo => ({
  id: ctx.ids.encode(m.id),
  projectId: ctx.ids.encode(m.projectId),
  name: m.name,
  type: m.type,
  orderIndex: m.orderIndex,
  creatorName: m.creatorName,
  modifierName: m.modifierName,
  gmtCreate: Number(m.createdAt),
  gmtModified: Number(m.updatedAt),
});

/** Adds an application at the end of the project's; returns its id. */
export async function addModule(ctx: Ctx, user: SessionUser, projectId: number, name: string): Promise<number> {
  const now = Date.now();
  return inTx(ctx.db, async (tx) => {
    const id = await repo.insertModule(tx, ctx.dialect, {
      projectId,
      name: name.trim(),
      type: 0,
      token: newModuleToken(),
      orderIndex: (await repo.maxModuleOrder(tx, projectId)) + 10,
      creatorId: user.id,
      creatorName: user.nickname,
      modifierId: user.id,
      modifierName: user.nickname,
      createdAt: now,
      updatedAt: now,
    });
    await indexContainers(ctx, tx, { moduleIds: [id] });
    return id;
  });
}

/** The applications of a project. */
export async function listModules(ctx: Ctx, projectId: number): Promise<ModuleInfo[]> {
  return (await repo.listModules(ctx.db, projectId)).map((m) => present(ctx, m));
}

/** One application. */
export async function moduleInfo(ctx: Ctx, moduleId: number): Promise<ModuleInfo> {
  return present(ctx, await repo.getModule(ctx.db, moduleId));
}

/** Renames and/or reorders an application. */
export async function updateModule(ctx: Ctx, user: SessionUser, id: number, b: Omit<ModuleUpdateInput, 'id'>): Promise<void> {
  await inTx(ctx.db, async (tx) => {
    await repo.updateModule(tx, id, {
      modifierId: user.id,
      modifierName: user.nickname,
      updatedAt: Date.now(),
      ...(b.name !== undefined ? { name: b.name.trim() } : {}),
      ...(b.orderIndex !== undefined ? { orderIndex: b.orderIndex } : {}),
    });
    if (b.name !== undefined) await indexContainers(ctx, tx, { moduleIds: [id] });
  });
}

/** An application's push token. */
export const moduleToken = (ctx: Ctx, moduleId: number): Promise<string> => repo.getModuleToken(ctx.db, moduleId);

/** Gives an application a new push token (the old one stops working); returns it. */
export async function resetModuleToken(ctx: Ctx, moduleId: number): Promise<string> {
  const token = newModuleToken();
  await repo.updateModule(ctx.db, moduleId, { token, updatedAt: Date.now() });
  return token;
}

/** The settings page of an application. */
export async function moduleSettings(ctx: Ctx, moduleId: number): Promise<ModuleSettings> {
  const [s, sw] = await Promise.all([repo.readModuleSettings(ctx.db, moduleId), repo.findSwaggerConfig(ctx.db, moduleId)]);
  return {
    override: s.get(ModuleSettingKey.OVERRIDE) === 'true',
    printContent: s.get(ModuleSettingKey.PRINT_CONTENT) === 'true',
    debugProxy: s.get(ModuleSettingKey.DEBUG_PROXY) === 'true',
    testTool: s.get(ModuleSettingKey.TEST_TOOL) ?? '',
    swagger: { url: sw?.url ?? '', format: sw?.format ?? '', authUsername: sw?.authUsername ?? '', hasPassword: !!sw?.authPasswordEnc },
  };
}

/** Writes the settings given (absent ones are kept); the Swagger password is encrypted at rest. */
export async function updateModuleSettings(ctx: Ctx, moduleId: number, b: ModuleSettingsUpdateInput): Promise<void> {
  const now = Date.now();
  const values: [string, string][] = [];
  for (const k of BOOL_KEYS) if (b[k] !== undefined) values.push([k, flag(b[k]) ? 'true' : 'false']);
  if (b.testTool !== undefined) values.push([ModuleSettingKey.TEST_TOOL, b.testTool.trim()]);
  await inTx(ctx.db, async (tx) => {
    await repo.writeModuleSettings(tx, moduleId, values, now);
    const sw = b.swagger;
    if (sw) {
      const patch: repo.SwaggerConfigWrite = { updatedAt: now };
      if (sw.url !== undefined) patch.url = sw.url.trim();
      if (sw.format !== undefined) patch.format = sw.format.trim();
      if (sw.authUsername !== undefined) patch.authUsername = sw.authUsername.trim();
      if (sw.authPassword !== undefined) patch.authPasswordEnc = sw.authPassword ? encrypt(ctx.installKey, sw.authPassword) : '';
      await repo.writeSwaggerConfig(tx, moduleId, patch, now);
    }
  });
}
