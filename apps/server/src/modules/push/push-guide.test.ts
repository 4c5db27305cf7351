/** The push guide (GET /api/openapi/push.md) in the reader's language, with the token for application admins only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let w: { spaceId: string; projectId: string; moduleId: string };
let dev: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  dev = await createUser(t, 'guide-dev');
  const added = await call(t.app, t.adminToken, 'POST', '/api/project/member/add', {
    projectId: w.projectId,
    userIds: [dev.id],
    roleCode: 'dev',
  });
  expect(added.code).toBe('0');
});
afterAll(() => t.close());

const guide = (headers: Record<string, string>, moduleId?: string) =>
  t.app.inject({ method: 'GET', url: '/api/openapi/push.md', query: moduleId ? { moduleId } : {}, headers });

describe('push guide', () => {
  it('is Chinese for a zh-CN reader and English for an en reader, with the same code blocks', async () => {
    const zh = await guide({ 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toMatch(/^# 推送文档到 Folio/);
    expect(zh.body).toContain('## 推送做了什么');
    expect(zh.body).toContain('**应用 Token**：`<应用 Token>`');
    const en = await guide({ 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toMatch(/^# Pushing docs to Folio/);
    expect(en.body).not.toMatch(/[\u4e00-\u9fff]/);
    // Every code block is the same in both languages apart from the token placeholder.
    const blocks = (md: string) => (md.match(/```[\s\S]*?```/g) ?? []).map((b) => b.replace(/<[^>]*(token|Token)>/g, 'TOKEN'));
    expect(blocks(zh.body)).toEqual(blocks(en.body));
    expect(blocks(en.body).length).toBeGreaterThanOrEqual(5);
  });

  it('follows the language the web app names over the saved preference and the browser', async () => {
    expect((await call(t.app, dev.token, 'POST', '/api/user/info/update', { lang: 'en' })).code).toBe('0');
    const shown = await guide({ token: dev.token, lang: 'zh-CN', 'accept-language': 'en' });
    expect(shown.body).toMatch(/^# 推送文档到 Folio/);
    const saved = await guide({ token: dev.token, 'accept-language': 'zh-CN' });
    expect(saved.body).toMatch(/^# Pushing docs/);
    expect((await call(t.app, dev.token, 'POST', '/api/user/info/update', { lang: '' })).code).toBe('0');
  });

  it("carries the application's token for its admins; a developer is refused in their language", async () => {
    const admin = await guide({ token: t.adminToken, lang: 'zh-CN' }, w.moduleId);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toMatch(/\*\*应用 Token\*\*：`[0-9a-f]{16,}`/);
    expect(admin.body).toContain('# 推送文档到 Folio — app');
    const refused = await guide({ token: dev.token, lang: 'zh-CN' }, w.moduleId);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).msg).toBe('无权限操作');
    const refusedEn = await guide({ token: dev.token, lang: 'en' }, w.moduleId);
    expect(JSON.parse(refusedEn.body).msg).toBe('You do not have permission to do this');
  });
});
