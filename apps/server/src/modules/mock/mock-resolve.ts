/**
 * Which rule answers a public mock URL. `/mock/{applicationId}/{path}` picks among the application's rules by
 * path and request data; Torna's `/mock/{path}[?query]` finds rules by the md5 of the path with and without its
 * query; `/mock/{ruleId}` names a rule. `/mockjs/script/{path}` finds a rule the same ways, a script rule first.
 */
import type { AppContext } from '../../context.js';
import { md5 } from '../../lib/crypto.js';
import { loadModuleRules, loadRuleById, loadRulesByDataIds } from './mock.service.js';
import { type MockRequest, type MockRule, matchPath, pickRule } from './mock-match.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

/** The rule that answers, its path parameters and the path it was matched on; or what was tried, for the 404. */
export type Resolved = { rule: MockRule; params: Record<string, string>; path: string } | { tried: string[] };

/** The application id a URL's first segment decodes to, or null. */
function moduleIdOf(ctx: Ctx, s: string): number | null {
  if (!/^[A-Za-z0-9]{6,32}$/.test(s)) return null;
  try {
    return ctx.ids.decode(s, 'module');
  } catch {
    return null;
  }
}

/** md5 data ids of Torna's mock paths: the path with its query (when it has one), then without. */
const dataIdsOf = (rest: string, query: string | undefined) => [
  ...new Set([query ? md5(`${rest}?${query}`) : '', md5(rest)].filter(Boolean)),
];

/** The rule answering `/mock/{rest}` (`query`: the URL's raw query), tried in the order the module comment gives. */
export async function resolveMock(ctx: Ctx, rest: string, query: string | undefined, mreq: MockRequest): Promise<Resolved> {
  const segs = rest.split('/').filter(Boolean);
  const tried: string[] = [];
  // Folio form: /mock/{applicationId}/{path}
  const moduleId = segs.length ? moduleIdOf(ctx, segs[0]) : null;
  if (moduleId !== null) {
    const path = segs.slice(1).join('/');
    const rules = await loadModuleRules(ctx, moduleId);
    const m = pickRule(rules, { ...mreq, path });
    if (m) return { ...m, path };
    const samePath = rules.filter((r) => matchPath(r.path, path));
    tried.push(
      samePath.length
        ? `application ${segs[0]}: ${samePath.length} rule(s) for "${path}" but their request data did not match`
        : `application ${segs[0]}: no rule with path "${path}"`,
    );
  }
  // Torna form: /mock/{path}[?query] by md5 of the path with and without its query, then a rule id.
  const byData = await loadRulesByDataIds(ctx, dataIdsOf(rest, query));
  if (byData.length) {
    const m = pickRule(byData, { ...mreq, path: rest }) ?? { rule: byData[0], params: {} };
    return { ...m, path: rest };
  }
  tried.push(`Torna path "${rest}"`);
  if (segs.length === 1) {
    let id: number | null = null;
    try {
      id = ctx.ids.decode(segs[0], 'mock');
    } catch {
      id = null;
    }
    const rule = id ? await loadRuleById(ctx, id) : null;
    if (rule) return { rule, params: {}, path: rest };
    tried.push(`mock id "${segs[0]}"`);
  }
  return { tried };
}

/** The rule whose script `/mockjs/script/{rest}` serves: by Torna's data ids, else by application and path; a script rule first. */
export async function resolveMockScript(ctx: Ctx, rest: string, query: string | undefined): Promise<MockRule | undefined> {
  let rules = await loadRulesByDataIds(ctx, dataIdsOf(rest, query));
  const segs = rest.split('/').filter(Boolean);
  const moduleId = segs.length > 1 ? moduleIdOf(ctx, segs[0]) : null;
  if (!rules.length && moduleId !== null) {
    const path = segs.slice(1).join('/');
    rules = (await loadModuleRules(ctx, moduleId)).filter((r) => matchPath(r.path, path));
  }
  return rules.find((r) => r.resultType === 1) ?? rules[0];
}
