/**
 * Issue 22, screens changed by the management work, in zh-CN and en at 1,440 and 390 px: trash, the undo
 * message, project creation with its people, the share list, the /openapi guide and the history diff. Each
 * screen is asserted on what it must show, then saved to e2e/screenshots/screens-<name>.png to look at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settled, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;

beforeAll(async () => {
  h = await startHarness({ prefix: 'screens' });
  w = await createShopWorld(h);
  await h.admin('POST', 'share/add', { moduleId: w.moduleId, type: 1, isAll: 1, remark: 'partners of the shop' });
  await h.admin('POST', 'share/add', { moduleId: w.moduleId, type: 2, isAll: 1, remark: 'auditors' });
  await h.admin('POST', 'doc/save', {
    id: w.getDocId,
    moduleId: w.moduleId,
    parentId: w.folderId,
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    type: 0,
    pathParams: [{ name: 'id', type: 'string', required: 1, example: 'o-1001', description: 'order id' }],
    queryParams: [{ name: 'expand', type: 'string', required: 1, example: 'lines', description: '' }],
    responseParams: [{ name: 'orderId', type: 'string', required: 0, example: 'o-1002', description: '' }],
  });
  await h.admin('POST', 'doc/delete', { id: w.markdownDocId });
});
afterAll(async () => {
  await h?.stop();
});

const WIDTHS = [1440, 390] as const;
const LANGS = ['zh-CN', 'en'] as const;

async function open(lang: string, width: number, url: string, ready: string): Promise<Page> {
  const page = await h.newPage({ token: h.adminToken, lang, viewport: { width, height: width > 500 ? 900 : 844 } });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  return page;
}

describe('changed screens', () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const tag = `${lang}-${width}`;
      it(`${tag}: share list, push guide, project creation, trash, history diff`, async () => {
        // Share list: at 1,440 px the fixed actions column leaves the created-at column readable.
        const shares = await open(lang, width, `/project/doc/${w.projectId}?moduleId=${w.moduleId}&tab=shares`, '.ant-table-row');
        await h.shot(shares, `shares-${tag}`);
        if (width === 1440) {
          // The table is wider than the page and scrolls sideways: scrolled to its end, as a user does to read them,
          // the creator and created-at columns stand clear of the fixed actions column.
          await shares
            .locator('.ant-table-content')
            .first()
            .evaluate((el) => {
              el.scrollLeft = el.scrollWidth;
            });
          await shares.waitForTimeout(200);
          await h.shot(shares, `shares-${tag}-scrolled`);
          const created = shares.locator('.ant-table-thead th').nth(8);
          const actions = shares.locator('.ant-table-thead th.ant-table-cell-fix-end').first();
          const a = await created.boundingBox();
          const b = await actions.boundingBox();
          expect(a && b && a.x + a.width <= b.x + 1).toBe(true);
        }

        const guide = await open(lang, width, `/openapi?moduleId=${w.moduleId}`, '[data-testid=openapi-guide] h1');
        expect(await guide.locator('[data-testid=openapi-guide] h1').textContent()).toContain(lang === 'en' ? 'Pushing docs' : '推送文档');
        await h.shot(guide, `openapi-${tag}`);

        const projects = await open(lang, width, `/space/project/${w.spaceId}`, '[data-testid=project-card]');
        await projects.getByTestId('create-project').click();
        await settled(projects.locator('.ant-modal').last());
        await projects.getByTestId('project-admins').waitFor();
        await h.shot(projects, `create-project-${tag}`);

        const trash = await open(lang, width, `/space/trash/${w.spaceId}`, '[data-testid=trash-page] .ant-table-row');
        await h.shot(trash, `trash-${tag}`);

        const history = await open(
          lang,
          width,
          `/project/doc/${w.projectId}?moduleId=${w.moduleId}&docId=${w.getDocId}`,
          '[data-testid=doc-view]',
        );
        await history.getByTestId('doc-tab-history').click();
        const versions = history.getByTestId('history-versions');
        await expect.poll(() => versions.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
        for (const box of (await versions.locator('tbody .ant-checkbox-input').all()).slice(0, 2)) await box.check();
        await history.getByTestId('history-compare').click();
        const diff = history.getByTestId('history-diff');
        await settled(diff);
        expect(await diff.textContent()).toContain(lang === 'en' ? 'e.g. lines' : '示例 lines');
        await h.shot(history, `history-diff-${tag}`);
      }, 240_000);
    }
  }

  it('undo message after deleting a doc, in both languages', async () => {
    for (const lang of LANGS) {
      const page = await open(
        lang,
        1440,
        `/project/doc/${w.projectId}?moduleId=${w.moduleId}&docId=${w.createDocId}`,
        '[data-testid=doc-view]',
      );
      await page.getByTestId('doc-delete').click();
      await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
      await page.getByTestId('undo-delete').waitFor();
      await h.shot(page, `undo-${lang}-1440`);
      await page.getByTestId('undo-delete').click();
      await expect.poll(async () => (await h.api('GET', 'doc/detail', { id: w.createDocId }, h.adminToken)).code).toBe('0');
    }
  }, 120_000);
});
