/**
 * Issue 22, screens changed by the management work, in zh-CN and en at 1,440 and 390 px: trash, the undo
 * message, project creation with its people, the share list, the /openapi guide, the history diff, the
 * message list and an import with warnings. Each screen is asserted on what it must show (nothing wider than
 * the window at 390 px; at 1,440 px no column under the fixed actions column), then saved to
 * e2e/screenshots/screens-<name>.png to look at.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, SCREENSHOT_DIR, settled, startHarness } from './harness.js';
import { createShopWorld, importWithWarnings, type ShopWorld } from './world.js';

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
  // A message for the admin from a developer working in English (read in the admin's language).
  const u = await h.admin<{ id: string; password: string }>('POST', 'admin/user/add', { username: 'screens-dev', nickname: 'screens-dev' });
  const first = await h.login('screens-dev', u.password);
  expect((await h.api('POST', 'user/password/setFirst', { password: 'screens-dev-pass-1' }, first)).code).toBe('0');
  await h.admin('POST', 'project/member/add', { projectId: w.projectId, userIds: [u.id], roleCode: 'dev' });
  await h.admin('POST', 'user/subscribe/doc/follow', { docId: w.markdownDocId });
  const edit = await h.api(
    'POST',
    'doc/save',
    {
      id: w.markdownDocId,
      moduleId: w.moduleId,
      parentId: '',
      name: 'Read me',
      type: 3,
      description: '# Welcome\n\nOrders API guide, v2.',
    },
    first,
    { lang: 'en', 'accept-language': 'en-US' },
  );
  expect(edit.code).toBe('0');
  // (Then deleted: the trash has a row.)
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
  // No page is wider than the window (a phone scrolls only down).
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at ${width} px`).toBeLessThanOrEqual(width);
  return page;
}

/** Every column header of the table ends before its fixed actions column begins, without scrolling the table. */
async function columnsClearOfActions(page: Page, table = page.locator('.ant-table').first()): Promise<void> {
  const heads = await table.locator('.ant-table-thead th').evaluateAll((ths) =>
    ths.map((th) => {
      const r = th.getBoundingClientRect();
      return { text: (th.textContent ?? '').trim(), left: r.left, right: r.right, fixed: th.classList.contains('ant-table-cell-fix-end') };
    }),
  );
  const actions = heads.find((x) => x.fixed);
  expect(actions).toBeTruthy();
  const covered = heads.filter((x) => !x.fixed && x.right > (actions?.left ?? 0) + 1).map((x) => x.text);
  expect(covered, 'columns under the fixed actions column').toEqual([]);
}

describe('changed screens', () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const tag = `${lang}-${width}`;
      it(`${tag}: share list, push guide, project creation, trash, history diff`, async () => {
        // Share list: at 1,440 px the fixed actions column leaves the created-at column readable.
        const shares = await open(lang, width, `/project/doc/${w.projectId}?moduleId=${w.moduleId}&tab=shares`, '.ant-table-row');
        await h.shot(shares, `shares-${tag}`);
        // At 1,440 px every column (status and created-at included) is readable without scrolling the table.
        if (width === 1440) await columnsClearOfActions(shares);

        const guide = await open(lang, width, `/openapi?moduleId=${w.moduleId}`, '[data-testid=openapi-guide] h1');
        expect(await guide.locator('[data-testid=openapi-guide] h1').textContent()).toContain(lang === 'en' ? 'Pushing docs' : '推送文档');
        await h.shot(guide, `openapi-${tag}`);
        // The MCP part on its own (its tab strip and code blocks were what made the page wider than a phone).
        await guide.getByTestId('mcp-guide').screenshot({ path: join(SCREENSHOT_DIR, `screens-mcp-guide-${tag}.png`) });

        const projects = await open(lang, width, `/space/project/${w.spaceId}`, '[data-testid=project-card]');
        await projects.getByTestId('create-project').click();
        await settled(projects.locator('.ant-modal').last());
        await projects.getByTestId('project-admins').waitFor();
        await h.shot(projects, `create-project-${tag}`);

        const trash = await open(lang, width, `/space/trash/${w.spaceId}`, '[data-testid=trash-page] .ant-table-row');
        if (width === 1440) await columnsClearOfActions(trash);
        await h.shot(trash, `trash-${tag}`);
        const allTrash = await open(lang, width, '/admin/trash', '[data-testid=trash-page] .ant-table-row');
        if (width === 1440) await columnsClearOfActions(allTrash);
        await h.shot(allTrash, `admin-trash-${tag}`);

        // The message list: a developer's change, sent in English, reads in the admin's language.
        const messages = await open(lang, width, '/user/message', '.page .ant-list-item');
        expect(await messages.locator('.page .ant-list-item').first().textContent()).toContain(
          lang === 'en' ? 'screens-dev updated [Read me]' : 'screens-dev 更新了【Read me】',
        );
        await h.shot(messages, `messages-${tag}`);

        // An import with warnings: the outcome and each warning in the user's language.
        const importing = await open(lang, width, `/project/doc/${w.projectId}?moduleId=${w.moduleId}`, '[data-testid=tree-node]');
        await importWithWarnings(importing, `Warned API ${tag}`);
        const warnings = await importing.getByTestId('import-progress').locator('.ant-list-item').allTextContents();
        if (lang === 'en')
          expect(warnings.join('\n')).toContain("unknown type 'str' at POST /things › request body › size, read as 'string'");
        else expect(warnings.join('\n')).toContain("POST /things › 请求体 › size 的类型 'str' 无法识别，已按 'string' 读取");
        expect(await importing.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await h.shot(importing, `import-warnings-${tag}`);

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
