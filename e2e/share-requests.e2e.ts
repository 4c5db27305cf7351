/**
 * An open public share page asks for its data once and then only polls its revision (live docs): a public share
 * re-signs its grant on every read, and a live-docs scope that changed with the grant refetched the share, its
 * tree and its doc in a loop (about 20 requests a second, for as long as the page stayed open).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('an open share page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ prefix: 'share-requests' });
  });
  afterAll(async () => h?.stop());

  it('reads the share, its tree and its doc once, then polls only the revision', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'S' });
    const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'P', isPrivate: 0 });
    const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'app' });
    await h.admin('POST', 'doc/save', { moduleId: mod.id, name: 'Get thing', url: '/thing', httpMethod: 'GET' });
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId: mod.id, type: 1, isAll: 1 });
    const page = await h.newPage({ lang: 'en' });
    const calls: string[] = [];
    page.on('request', (r) => {
      const m = /\/api\/share\/(\w+)/.exec(r.url());
      if (m) calls.push(m[1]);
    });
    await page.goto(`/share/${share.publicId}`);
    await page.getByText('Get thing').first().waitFor();
    await new Promise((r) => setTimeout(r, 4000));
    const count = (name: string) => calls.filter((c) => c === name).length;
    expect(count('menu'), calls.join(' ')).toBeLessThanOrEqual(2);
    expect(count('doc'), calls.join(' ')).toBeLessThanOrEqual(2);
    expect(count('get'), calls.join(' ')).toBeLessThanOrEqual(2);
    expect(count('revision')).toBeGreaterThan(0);
    await page.close();
  });
});
