/**
 * MeterSphere API client (torna-compat §1e): `accessKey` and `signature` headers, where signature =
 * Base64(AES/CBC/PKCS5Padding(ak|uuid|millis, key = secretKey bytes, IV = accessKey bytes)). Calls go
 * through lib/outbound (private addresses only when the admin allowlist names them).
 */
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { outboundRequest } from '../../lib/outbound.js';

export interface MsAccount {
  address: string;
  accessKey: string;
  secretKey: string;
}

export class MsError extends Error {}

/** The signature header value. */
export function msSignature(accessKey: string, secretKey: string, now = Date.now(), uuid = randomUUID()): string {
  const key = Buffer.from(secretKey, 'utf8');
  const iv = Buffer.from(accessKey, 'utf8');
  if (![16, 24, 32].includes(key.length)) throw new MsError('the secret key must be 16, 24 or 32 bytes long');
  if (iv.length !== 16) throw new MsError('the access key must be 16 bytes long');
  const c = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv);
  return Buffer.concat([c.update(`${accessKey}|${uuid}|${now}`, 'utf8'), c.final()]).toString('base64');
}

async function msCall(
  ctx: AppContext,
  acc: MsAccount,
  method: 'GET' | 'POST',
  path: string,
  body?: { json?: unknown; multipart?: { buffer: Buffer; contentType: string } },
): Promise<unknown> {
  const base = acc.address.trim().replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(base)) throw new MsError('the MeterSphere address must start with http:// or https://');
  const headers: Record<string, string> = {
    accessKey: acc.accessKey,
    signature: msSignature(acc.accessKey, acc.secretKey),
    accept: 'application/json',
  };
  let payload: Buffer | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(body.json));
  } else if (body?.multipart) {
    headers['content-type'] = body.multipart.contentType;
    payload = body.multipart.buffer;
  }
  const res = await outboundRequest(ctx, { url: `${base}${path}`, method, headers, body: payload, timeoutMs: 60_000, maxRedirects: 0 });
  const text = res.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status >= 400) throw new MsError(`HTTP ${res.status}: ${text.slice(0, 300)}`);
  const j = json as { success?: boolean; message?: string; data?: unknown } | undefined;
  if (j && j.success === false) throw new MsError(j.message || 'MeterSphere refused the call');
  return j && 'data' in j ? j.data : json;
}

/** Connection test: the current user of the access key. */
export async function msCurrentUser(ctx: AppContext, acc: MsAccount): Promise<{ id: string; name: string }> {
  const d = (await msCall(ctx, acc, 'GET', '/currentUser')) as { id?: string; name?: string } | undefined;
  return { id: String(d?.id ?? ''), name: String(d?.name ?? '') };
}

export async function msWorkspaces(ctx: AppContext, acc: MsAccount): Promise<{ id: string; name: string }[]> {
  const d = (await msCall(ctx, acc, 'GET', '/workspace/list/userworkspace')) as { id: string; name: string }[] | undefined;
  return (d ?? []).map((w) => ({ id: String(w.id), name: String(w.name) }));
}

export async function msProjects(ctx: AppContext, acc: MsAccount, workspaceId: string): Promise<{ id: string; name: string }[]> {
  const d = (await msCall(ctx, acc, 'POST', '/project/list/related', { json: { workspaceId } })) as
    | { id: string; name: string }[]
    | undefined;
  return (d ?? []).map((p) => ({ id: String(p.id), name: String(p.name) }));
}

export interface MsModuleNode {
  id: string;
  name: string;
  children: MsModuleNode[];
}

export async function msModules(ctx: AppContext, acc: MsAccount, projectId: string): Promise<MsModuleNode[]> {
  const d = (await msCall(ctx, acc, 'GET', `/api/module/list/${encodeURIComponent(projectId)}/HTTP`)) as unknown[] | undefined;
  const map = (n: { id?: unknown; name?: unknown; children?: unknown[] }): MsModuleNode => ({
    id: String(n.id ?? ''),
    name: String(n.name ?? ''),
    children: (n.children ?? []).map((c) => map(c as { id?: unknown; name?: unknown; children?: unknown[] })),
  });
  return (d ?? []).map((n) => map(n as { id?: unknown }));
}

/** Imports a Postman collection into a MeterSphere module (full coverage). */
export async function msImport(
  ctx: AppContext,
  acc: MsAccount,
  importPath: string,
  target: { projectId: string; moduleId: string; cover: boolean },
  collection: unknown,
  fileName: string,
): Promise<unknown> {
  const boundary = `----folio${randomBytes(12).toString('hex')}`;
  const request = {
    modeId: 'fullCoverage',
    moduleId: target.moduleId,
    platform: 'Postman',
    model: 'definition',
    projectId: target.projectId,
    coverModule: target.cover,
    protocol: 'HTTP',
    origin: 'idea',
  };
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  const safeName = fileName.replace(/["\r\n\\]/g, '_');
  const buffer = Buffer.from(
    part(
      `Content-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: application/json`,
      JSON.stringify(collection),
    ) +
      part('Content-Disposition: form-data; name="request"; filename="blob"\r\nContent-Type: application/json', JSON.stringify(request)) +
      `--${boundary}--\r\n`,
    'utf8',
  );
  const path = importPath.startsWith('/') ? importPath : `/${importPath}`;
  return msCall(ctx, acc, 'POST', path, { multipart: { buffer, contentType: `multipart/form-data; boundary=${boundary}` } });
}
