/** An application's settings in Torna (module_config and friends) as Folio's: settings, webhooks, environments, common params, Swagger, MeterSphere. */
import { ParamOwner } from '@folio/shared';
import { addParams, type Batch, ids, list, PARAM_COLS, PARAM_MORE, type Put, read, readAll, skip, TIMES } from './batch.js';
import * as c from './convert.js';
import type { Row, TornaSource } from './source.js';

/** Module config keys of Torna's application settings that Folio names differently. */
const MODULE_SETTING_KEYS: Record<string, string> = { 'torna.push.override': 'override', 'torna.push.print-content': 'printContent' };
const WEBHOOK_KEYS: Record<string, string> = { dingdingwebhookurl: 'dingtalk', wecomwebhookurl: 'wecom' };

/** Application settings: k/v settings, webhooks, debug environments and their params, common params, Swagger, MeterSphere. */
export async function readModuleSettings(
  src: TornaSource,
  b: Batch,
  M: number[],
  modules: Row[],
  globalParams: Map<number, Row>,
  put: Put,
  cx: c.ConvertContext,
): Promise<void> {
  const configs = await read(
    src,
    b,
    'module_config',
    ['id', 'module_id', 'type', 'config_key', 'config_value', 'extend_id', 'description', ...TIMES],
    'module_id in (?)',
    [M],
    {
      extend_id: 0,
    },
  );
  const settings: c.Out[] = [];
  const hooks: c.Out[] = [];
  const hosts: c.Out[] = [];
  const common = new Map<string, { ownerId: number; style: number; params: ReturnType<typeof c.param>[] }>();
  const hasEnvTable = src.has('module_environment');
  let fromConfig = 0;
  let fromDocParam = 0;
  // Children of global params (doc_param rows with doc_id 0) by parent.
  const childrenOf = new Map<number, Row[]>();
  for (const r of globalParams.values()) {
    const p = c.num(r.parent_id);
    if (p) childrenOf.set(p, [...(childrenOf.get(p) ?? []), r]);
  }
  const tree = (r: Row, depth = 0): ReturnType<typeof c.param> => {
    const p = c.param(r);
    if (depth < 64) p.children = (childrenOf.get(c.num(r.id)) ?? []).map((x) => tree(x, depth + 1));
    return p;
  };
  for (const r of configs) {
    const type = c.num(r.type);
    const moduleId = c.num(r.module_id);
    const key = c.str(r.config_key);
    if (type === 0) {
      const kind = WEBHOOK_KEYS[key.toLowerCase()];
      const url = c.str(r.config_value).trim();
      if (!hasEnvTable && /^debughost_/i.test(key)) {
        // Torna 1.0–1.2 kept one debug host per application as a plain setting.
        hosts.push({
          id: c.num(r.id),
          moduleId,
          name: 'debug',
          url: c.str(r.config_value),
          isPublic: 0,
          orderIndex: 0,
          createdAt: c.ms(r.gmt_create),
          updatedAt: c.ms(r.gmt_modified),
        });
        continue;
      }
      if (kind) {
        if (url) {
          hooks.push({
            id: c.num(r.id),
            moduleId,
            kind,
            name: kind === 'dingtalk' ? 'DingTalk (Torna)' : 'WeCom (Torna)',
            urlEnc: cx.enc(url),
            secretEnc: '',
            urlHint: c.urlHint(url),
            enabled: 1,
            creatorId: 0,
            createdAt: c.ms(r.gmt_create),
            updatedAt: c.ms(r.gmt_modified),
          });
        } else skip(b, 'module_config', 'empty robot URL setting');
        continue;
      }
      settings.push({
        id: c.num(r.id),
        moduleId,
        type: 0,
        configKey: (MODULE_SETTING_KEYS[key] ?? key).slice(0, 128),
        configValue: c.str(r.config_value),
        description: c.str(r.description).slice(0, 255),
        createdAt: c.ms(r.gmt_create),
        updatedAt: c.ms(r.gmt_modified),
      });
    } else if (type === 2) {
      // Before 1.12.0 debug hosts were module settings; from then on Torna moved them to module_environment itself.
      if (!hasEnvTable)
        hosts.push({
          id: c.num(r.id),
          moduleId,
          name: key,
          url: c.str(r.config_value),
          isPublic: c.num(r.extend_id) ? 1 : 0,
          orderIndex: 0,
          createdAt: c.ms(r.gmt_create),
          updatedAt: c.ms(r.gmt_modified),
        });
      else skip(b, 'module_config', 'debug host setting of Torna before 1.12 (already moved to module_environment by Torna)');
    } else if (c.COMMON_STYLE[type] !== undefined) {
      const style = c.COMMON_STYLE[type];
      const k = `${moduleId}:${style}`;
      const l = common.get(k) ?? { ownerId: moduleId, style, params: [] };
      const ext = c.num(r.extend_id);
      if (type !== 5 && ext) {
        const root = globalParams.get(ext);
        if (root) {
          const p = tree(root);
          l.params.push(p);
          fromDocParam += c.paramCount([p]);
          fromConfig++;
        } else skip(b, 'module_config', 'common param whose doc_param row is deleted');
      } else {
        l.params.push(c.configParam(r));
        fromConfig++;
      }
      common.set(k, l);
    } else skip(b, 'module_config', `unknown module_config type ${type}`);
  }
  put('moduleConfigs', 'module_config', settings);
  put('moduleWebhooks', 'module_config', hooks);
  addParams(b, ParamOwner.MODULE, 'module_config', M, common, { module_config: fromConfig, doc_param: fromDocParam });

  const envs = await read(src, b, 'module_environment', ['id', 'module_id', 'name', 'url', 'is_public', ...TIMES], 'module_id in (?)', [M]);
  put('moduleEnvironments', hasEnvTable ? 'module_environment' : 'module_config', hasEnvTable ? envs.map(c.environment) : hosts);
  const envParams = await read(
    src,
    b,
    'module_environment_param',
    [...PARAM_COLS, 'environment_id', ...PARAM_MORE],
    'environment_id in (?)',
    [list(ids(envs))],
  );
  addParams(b, ParamOwner.ENVIRONMENT, 'module_environment_param', ids(envs), c.paramLists(envParams, 'environment_id'));

  // Swagger import settings: module_swagger_config (1.16+), or the module's own import URL before it.
  if (src.has('module_swagger_config')) {
    const sw = await readAll(
      src,
      b,
      'module_swagger_config',
      ['id', 'module_id', 'url', 'content', 'auth_username', 'auth_password', ...TIMES],
      'module_id in (?)',
      [M],
    );
    put(
      'moduleSwaggerConfigs',
      'module_swagger_config',
      sw.map((r) => swagger(r, c.num(r.id), r.url, r.auth_username, cx.enc(r.auth_password))),
    );
  } else {
    const withUrl = modules.filter((m) => c.str(m.import_url));
    put(
      'moduleSwaggerConfigs',
      'module.import_url',
      withUrl.map((m) => swagger(m, c.num(m.id), m.import_url, m.basic_auth_username, cx.enc(m.basic_auth_password))),
    );
  }
  const ignores = await readAll(src, b, 'push_ignore_field', ['id', 'module_id', 'data_id', 'field_name'], 'module_id in (?)', [M]);
  put(
    'pushIgnoreFields',
    'push_ignore_field',
    ignores.map((r) => ({
      id: c.num(r.id),
      moduleId: c.num(r.module_id),
      dataId: c.str(r.data_id),
      fieldName: c.str(r.field_name).slice(0, 64),
    })),
  );
  const msm = await readAll(
    src,
    b,
    'ms_module_config',
    ['id', 'module_id', 'release_id', 'ms_project_id', 'ms_module_id', 'ms_cover_module', 'name', 'gmt_modified'],
    'module_id in (?)',
    [M],
    {
      release_id: 0,
      ms_cover_module: 1,
    },
  );
  const plain = msm.filter((r) => !c.num(r.release_id));
  skip(b, 'ms_module_config', 'MeterSphere target of a Torna release (Folio has no release management)', msm.length - plain.length);
  put(
    'msModuleConfigs',
    'ms_module_config',
    plain.map((r) => ({
      id: c.num(r.id),
      moduleId: c.num(r.module_id),
      msProjectId: c.str(r.ms_project_id),
      msModuleId: c.str(r.ms_module_id),
      msCoverModule: c.num(r.ms_cover_module) ? 1 : 0,
      name: c.str(r.name),
      updatedAt: c.ms(r.gmt_modified),
    })),
  );
}

/** Swagger settings row (the password already encrypted). */
function swagger(r: Row, id: number, url: unknown, user: unknown, passwordEnc: string): c.Out {
  return {
    id,
    moduleId: c.num(r.module_id ?? r.id),
    url: c.str(url).slice(0, 1024),
    content: c.str(r.content),
    format: '',
    authUsername: c.str(user).slice(0, 255),
    authPasswordEnc: passwordEnc,
    createdAt: c.ms(r.gmt_create),
    updatedAt: c.ms(r.gmt_modified),
  };
}
