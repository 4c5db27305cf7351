/** The built app runs under its Content-Security-Policy: no violation on the main pages (Chromium). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('content security policy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ prefix: 'csp' });
  });
  afterAll(async () => h?.stop());

  it('no CSP violation on login, home, view, a doc, the debug console and a share page', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'CSP' });
    const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'CSP project', isPrivate: 0 });
    const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'csp-app' });
    const doc = await h.admin<{ id: string }>('POST', 'doc/save', {
      moduleId: mod.id,
      name: 'Get thing',
      url: '/thing',
      httpMethod: 'GET',
    });
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId: mod.id, type: 1, isAll: 1 });
    const violations: string[] = [];
    const watch = async (path: string, token?: string) => {
      const page = await h.newPage(token ? { token: h.adminToken, lang: 'en' } : { lang: 'en' });
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${path}: ${m.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to: ${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.close();
    };
    await watch('/login');
    await watch('/', 'token');
    await watch(`/view/${space.id}`, 'token');
    await watch(`/project/doc/${project.id}`, 'token');
    await watch(`/view/${space.id}?docId=${doc.id}`, 'token');
    await watch(`/share/${share.publicId}`);
    expect(violations).toEqual([]);
  });
});
