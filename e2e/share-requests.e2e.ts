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

  it('reads a public compose view’s tree once, and once more per change it follows', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Partners', isCompose: 1 });
    const source = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Source' });
    const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: source.id, name: 'P', isPrivate: 0 });
    const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'app' });
    const doc = { moduleId: mod.id, name: 'Get order', url: '/order', httpMethod: 'GET' };
    const saved = await h.admin<{ id: string }>('POST', 'doc/save', doc);
    const show = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', {
      spaceId: space.id,
      name: 'Partner API',
      type: 1,
    });
    await h.admin('POST', 'compose/doc/add', { projectId: show.id, docIds: [saved.id] });
    const page = await h.newPage({ lang: 'en' });
    const menus: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/compose/doc/menu')) menus.push(r.url());
    });
    await page.goto(`/show/${show.publicId}`);
    const tree = page.getByTestId('doc-tree');
    await tree.getByText('Get order').waitFor();
    // Two changes to the doc it shows: each live refresh reads the project's info (a freshly signed grant) and
    // its tree once; a tree query keyed by the grant read the tree a second time per change.
    for (const name of ['Get order v2', 'Get order v3']) {
      await h.admin('POST', 'doc/save', { ...doc, id: saved.id, name });
      await tree.getByText(name).waitFor({ timeout: 15_000 });
    }
    await new Promise((r) => setTimeout(r, 2000));
    expect(menus.length, menus.join('\n')).toBeLessThanOrEqual(3);
    await page.close();
  });
});
