/**
 * Live docs (issue 21): a push updates an open page within 2 s, in /view for a signed-in reader and in /share
 * for an anonymous one, in place (the reader keeps their scroll and tabs) with a note saying so; a doc the
 * push deletes leaves the tree and its open page says it was deleted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { tornaPush } from './world.js';

let h: Harness;
let token = '';
let projectId = '';
let moduleId = '';

/** Pushes through the Torna open API, as smart-doc or a CI job would. */
const push = (data: unknown) => tornaPush(h, token, data);

/** Many response fields, so the page scrolls. */
const fields = Array.from({ length: 60 }, (_, i) => ({ name: `field${i}`, type: 'string', description: `Field number ${i}` }));
const docs = (description: string, withExtra: boolean) => ({
  author: 'ci',
  apis: [
    {
      isFolder: '1',
      name: 'Orders',
      items: [
        { isFolder: '0', name: 'Get order', url: '/orders/{id}', httpMethod: 'GET', isShow: '1', description, responseParams: fields },
        ...(withExtra ? [{ isFolder: '0', name: 'Cancel order', url: '/orders/{id}/cancel', httpMethod: 'POST', isShow: '1' }] : []),
      ],
    },
  ],
});

interface Node {
  id: string;
  name: string;
  isFolder?: number;
  children?: Node[];
}
const findByName = (nodes: Node[], name: string): Node | undefined => {
  for (const n of nodes) {
    if (!n.isFolder && n.name === name) return n;
    const hit = findByName(n.children ?? [], name);
    if (hit) return hit;
  }
  return undefined;
};

let getId = '';
let cancelId = '';

beforeAll(async () => {
  h = await startHarness({ prefix: 'live-docs' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Live', isCompose: 0 });
  projectId = (await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Orders', description: '', isPrivate: 0 }))
    .id;
  moduleId = (await h.admin<{ id: string }>('POST', 'module/add', { projectId, name: 'orders-api' })).id;
  token = (await h.admin<{ token: string }>('GET', 'module/token/get', { moduleId })).token;
  await push(docs('Reads an order.', true));
  const tree = await h.admin<Node[]>('GET', 'doc/view/dataByProject', { projectId });
  getId = findByName(tree, 'Get order')?.id ?? '';
  cancelId = findByName(tree, 'Cancel order')?.id ?? '';
  if (!getId || !cancelId) throw new Error('pushed docs not found');
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

/** Waits (at most 2 s after the push answered) for the open page to show the new text. */
async function seesWithin2s(page: Page, text: string) {
  await page.getByTestId('doc-description').getByText(text).waitFor({ timeout: 2000 });
}

const scrollTop = (page: Page) => page.locator('.reader-content').evaluate((el) => el.scrollTop);

describe('live docs', () => {
  it('a push updates the open /view page within 2 s, in place; a deleted doc leaves the tree', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 700 } });
    await page.goto(`/view/${cancelId}`);
    await page.getByTestId('doc-tab').filter({ hasText: 'Cancel order' }).waitFor();
    await page.goto(`/view/${getId}`);
    await page.getByTestId('doc-description').getByText('Reads an order.').waitFor();
    await page.locator('.vt-row', { hasText: 'Cancel order' }).waitFor();
    expect(await page.getByTestId('doc-tab').count()).toBe(2);
    await page.locator('.reader-content').evaluate((el) => {
      el.scrollTop = 400;
    });
    expect(await scrollTop(page)).toBeGreaterThan(300);
    // What the reader looks at: a row of the response table, where it sits on the screen.
    const row = page.getByText('Field number 8', { exact: true });
    const before = (await row.boundingBox())?.y ?? -1;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(700);

    await push(docs('Reads an order, with its lines.', true));
    await seesWithin2s(page, 'Reads an order, with its lines.');
    await page.getByTestId('doc-live-updated').waitFor();
    // The page was not reloaded: the same row is where it was (the note above pushes nothing out of view).
    expect(Math.abs(((await row.boundingBox())?.y ?? 0) - before)).toBeLessThan(2);
    expect(await page.getByTestId('doc-tab').count()).toBe(2);

    // The push leaves "Cancel order" out: it leaves the tree of the open page.
    await push(docs('Reads an order, with its lines.', false));
    await page.locator('.vt-row', { hasText: 'Cancel order' }).waitFor({ state: 'detached', timeout: 2000 });
    await h.shot(page, 'view-updated');
    // Its own page, opened from the tab, says it is gone.
    await page.getByTestId('doc-tab').filter({ hasText: 'Cancel order' }).click();
    await page.getByTestId('doc-not-found').waitFor();
    await page.context().close();
  });

  it('a push updates an anonymous /share page within 2 s', async () => {
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId, type: 1, isAll: 1 });
    await push(docs('Reads an order, before sharing.', false));
    const page = await h.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/share/${share.publicId}/${getId}`);
    await page.getByTestId('doc-description').getByText('Reads an order, before sharing.').waitFor();
    await push(docs('Reads an order, shared live.', true));
    await seesWithin2s(page, 'Reads an order, shared live.');
    await page.locator('.vt-row', { hasText: 'Cancel order' }).waitFor({ timeout: 2000 });
    await h.shot(page, 'share-updated');
    await page.context().close();
  });

  it('a fresh deep link asks for its tree and doc once over several polls; a push still shows within 2 s', async () => {
    await push(docs('Reads an order, before the link.', true));
    // A new browser: nothing remembered, nothing cached.
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    const asked = { tree: 0, doc: 0, polls: 0 };
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/doc/view/dataByProject' || path === '/api/doc/view/data') asked.tree++;
      else if (path === '/api/doc/detail') asked.doc++;
      else if (path === '/api/live/view') asked.polls++;
    });
    await page.goto(`/view/${getId}`);
    await page.getByTestId('doc-description').getByText('Reads an order, before the link.').waitFor();
    await page.locator('.vt-row', { hasText: 'Cancel order' }).waitFor();
    // Three more polls after the page showed: the first revision is the one the tree and doc were built from.
    const seen = asked.polls;
    while (asked.polls < seen + 3) await page.waitForTimeout(100);
    expect(asked).toMatchObject({ tree: 1, doc: 1 });

    await push(docs('Reads an order, changed after the link.', true));
    await seesWithin2s(page, 'Reads an order, changed after the link.');
    expect(asked).toMatchObject({ tree: 2, doc: 2 });
    await page.context().close();
  });

  it('a fresh /share deep link asks for its menu and doc once over several polls', async () => {
    await push(docs('Reads an order, shared by a link.', true));
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId, type: 1, isAll: 1 });
    const page = await h.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    const asked = { menu: 0, doc: 0, polls: 0 };
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/share/menu') asked.menu++;
      else if (path === '/api/share/doc') asked.doc++;
      else if (path === '/api/share/revision') asked.polls++;
    });
    await page.goto(`/share/${share.publicId}/${getId}`);
    await page.getByTestId('doc-description').getByText('Reads an order, shared by a link.').waitFor();
    const seen = asked.polls;
    while (asked.polls < seen + 3) await page.waitForTimeout(100);
    expect(asked).toMatchObject({ menu: 1, doc: 1 });
    await page.context().close();
  });

  it('a fresh /show deep link asks for its menu and doc once over several polls; a push still shows within 2 s', async () => {
    await push(docs('Reads an order, composed.', true));
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Live partners', isCompose: 1 });
    const show = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', {
      spaceId: space.id,
      name: 'Live partner API',
      type: 1,
    });
    await h.admin('POST', 'compose/doc/add', { projectId: show.id, docIds: [getId, cancelId] });
    const page = await h.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    const asked = { info: 0, menu: 0, doc: 0, polls: 0 };
    const order: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/compose/project/get') asked.info++;
      else if (path === '/api/compose/doc/menu') asked.menu++;
      else if (path === '/api/compose/doc/get') asked.doc++;
      else if (path === '/api/compose/doc/revision') asked.polls++;
      if (path === '/api/compose/doc/menu' || path === '/api/compose/doc/get') order.push(`asked ${path}`);
    });
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/compose/project/get') order.push('info answered');
    });
    await page.goto(`/show/${show.publicId}/${getId}`);
    await page.getByTestId('doc-description').getByText('Reads an order, composed.').waitFor();
    await page.locator('.vt-row', { hasText: 'Cancel order' }).waitFor();
    // The deep link's menu and doc are asked as the entry runs, with the info, not a round trip after it (as /view's
    // and /share's are).
    expect(order.slice(0, 3)).toEqual([expect.stringMatching(/^asked /), expect.stringMatching(/^asked /), 'info answered']);
    // Three more polls after the page showed: the info, menu and doc carry the revision they were built from, so the
    // first poll refetches none of them. The doc takes its debug settings from the page's info.
    const seen = asked.polls;
    while (asked.polls < seen + 3) await page.waitForTimeout(100);
    expect(asked).toMatchObject({ info: 1, menu: 1, doc: 1 });

    await push(docs('Reads an order, composed and changed.', true));
    await seesWithin2s(page, 'Reads an order, composed and changed.');
    await h.shot(page, 'show-updated');
    await page.context().close();
  });

  it('a compose project changed between /show’s info read and its first poll shows without a further change', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Gap partners', isCompose: 1 });
    const show = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', {
      spaceId: space.id,
      name: 'Gap partner API',
      type: 1,
    });
    await h.admin('POST', 'compose/doc/add', { projectId: show.id, docIds: [getId] });
    const page = await h.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    // The change lands after the page read the project's info, before its first poll reads the revision.
    let renamed = false;
    await page.route('**/api/compose/doc/revision?*', async (route) => {
      if (!renamed) {
        renamed = true;
        await h.admin('POST', 'compose/project/update', { id: show.id, name: 'Gap partner API, renamed', type: 1 });
      }
      await route.continue();
    });
    await page.goto(`/show/${show.publicId}/${getId}`);
    await page.getByTestId('doc-title').waitFor();
    await page.getByTestId('reader-brand').getByText('Gap partner API, renamed').waitFor({ timeout: 3000 });
    expect(renamed).toBe(true);
    await page.context().close();
  });
});
