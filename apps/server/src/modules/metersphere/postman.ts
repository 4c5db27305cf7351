/**
 * A minimal Postman v2.1 collection of an application's docs (folders as item groups, no host prefix),
 * what MeterSphere's API-definition import reads. Kept here because no exporter offered one when this
 * was written; replace with the export feature's converter once it exists.
 */
import { randomUUID } from 'node:crypto';
import { type DocDetail, type DocParam, typeBase } from '@folio/shared';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface PostmanItem {
  name: string;
  description?: string;
  item?: PostmanItem[];
  request?: Record<string, unknown>;
  response?: unknown[];
}

/** An example value of a param tree (objects and arrays nested). */
function exampleOf(params: DocParam[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const type = typeBase(p.type || '').toLowerCase();
    let v: unknown;
    if (p.children?.length) {
      const obj = exampleOf(p.children);
      v = type.startsWith('array') || type === 'list' ? [obj] : obj;
    } else if (p.example !== '') {
      v =
        ['int', 'integer', 'long', 'number', 'float', 'double'].includes(type) && Number.isFinite(Number(p.example))
          ? Number(p.example)
          : p.example;
      if (type === 'boolean') v = p.example === 'true';
    } else v = type.startsWith('array') ? [] : type === 'object' ? {} : '';
    out[p.name] = v;
  }
  return out;
}

function requestOf(d: DocDetail): Record<string, unknown> {
  const path = (d.url || '/').replace(/^\/*/, '/');
  const [pathOnly] = path.split('?');
  const query = d.queryParams.map((p) => ({ key: p.name, value: p.example, description: p.description, disabled: !p.required }));
  const raw = `${pathOnly}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  const ct = (d.contentType || '').toLowerCase();
  const header = d.headerParams.map((p) => ({ key: p.name, value: p.example, description: p.description }));
  if (d.contentType && !header.some((h) => h.key.toLowerCase() === 'content-type'))
    header.push({ key: 'Content-Type', value: d.contentType, description: '' });
  let body: Record<string, unknown> | undefined;
  if (d.requestParams.length) {
    if (ct.includes('x-www-form-urlencoded')) {
      body = {
        mode: 'urlencoded',
        urlencoded: d.requestParams.map((p) => ({ key: p.name, value: p.example, description: p.description })),
      };
    } else if (ct.includes('multipart')) {
      body = {
        mode: 'formdata',
        formdata: d.requestParams.map((p) => ({
          key: p.name,
          value: p.example,
          type: p.type === 'file' ? 'file' : 'text',
          description: p.description,
        })),
      };
    } else {
      const ex = exampleOf(d.requestParams);
      body = { mode: 'raw', raw: JSON.stringify(d.isRequestArray ? [ex] : ex, null, 2), options: { raw: { language: 'json' } } };
    }
  }
  return {
    method: (d.httpMethod || 'GET').toUpperCase(),
    header,
    url: {
      raw,
      path: pathOnly.split('/').filter(Boolean),
      query,
      variable: d.pathParams.map((p) => ({ key: p.name, value: p.example, description: p.description })),
    },
    ...(body ? { body } : {}),
    description: d.description,
  };
}

/** Builds the collection from docs and folders of one application (parentId '' = root). */
export function toPostmanCollection(name: string, docs: DocDetail[]): Record<string, unknown> {
  const children = new Map<string, DocDetail[]>();
  for (const d of docs) {
    const list = children.get(d.parentId) ?? [];
    list.push(d);
    children.set(d.parentId, list);
  }
  const ids = new Set(docs.map((d) => d.id));
  const build = (parentId: string, seen: Set<string>): PostmanItem[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name))
      .filter((d) => !seen.has(d.id))
      .map((d) =>
        d.isFolder
          ? { name: d.name, description: d.description, item: build(d.id, new Set([...seen, d.id])) }
          : { name: d.name, request: requestOf(d), response: [] },
      );
  // Docs whose parent is not in the set are placed at the root.
  const roots = docs.filter((d) => d.parentId !== '' && !ids.has(d.parentId)).map((d) => d.parentId);
  const item = [...build('', new Set()), ...[...new Set(roots)].flatMap((p) => build(p, new Set()))];
  return { info: { _postman_id: randomUUID(), name, schema: POSTMAN_SCHEMA }, item };
}
