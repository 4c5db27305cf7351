/**
 * Issue 22, accessibility: axe-core (run inside Chromium) over the main management screens finds no
 * serious or critical violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, ROOT, settled, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;

beforeAll(async () => {
  h = await startHarness({ prefix: 'a11y' });
  w = await createShopWorld(h);
  await h.admin('POST', 'share/add', { moduleId: w.moduleId, type: 1, isAll: 1, remark: 'partners' });
});
afterAll(async () => {
  await h?.stop();
});

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe on the page and returns its serious and critical violations, described for the failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: `${ROOT}/node_modules/axe-core/axe.min.js` });
  const violations = (await page.evaluate(async () => {
    const axe = (window as any).axe;
    // Syntax-highlighted code (CodeMirror's lines) keeps its highlighting theme's colours.
    const r = await axe.run({ exclude: [['.cm-line']] }, { resultTypes: ['violations'] });
    return r.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
          .join('\n  ')}`,
    );
}

/** Opens a dialog by its button and waits until it has come to rest. */
const dialog = (testId: string) => async (p: Page) => {
  await p.getByTestId(testId).first().click();
  await settled(p.locator('.ant-modal').last());
};

const SCREENS: [string, (w: ShopWorld) => string, string, ((p: Page) => Promise<void>)?][] = [
  ['dashboard', () => '/dashboard', '.ant-layout'],
  ['doc tree and doc', (x) => `/project/doc/${x.projectId}?moduleId=${x.moduleId}&docId=${x.getDocId}`, '[data-testid=tree-node]'],
  ['application settings', (x) => `/project/doc/${x.projectId}?moduleId=${x.moduleId}&tab=settings`, '.ant-tabs'],
  ['shares', (x) => `/project/doc/${x.projectId}?moduleId=${x.moduleId}&tab=shares`, '.ant-table'],
  ['doc editor', (x) => `/doc/edit/${x.moduleId}/${x.createDocId}`, '[data-testid=doc-name]'],
  ['space members', (x) => `/space/member/${x.spaceId}`, '.ant-table'],
  ['project info', (x) => `/project/info/${x.projectId}`, '.ant-form'],
  ['trash', (x) => `/space/trash/${x.spaceId}`, '[data-testid=trash-page]'],
  ['admin users', () => '/admin/users', '.ant-table'],
  ['admin settings', () => '/admin/setting', '.ant-tabs'],
  ['share dialog', (x) => `/project/doc/${x.projectId}?moduleId=${x.moduleId}&tab=shares`, '.ant-table', dialog('share-create')],
  // The create-project dialog with its admin and member pickers.
  ['create project dialog', (x) => `/space/project/${x.spaceId}`, '[data-testid=project-card]', dialog('create-project')],
  ['add member dialog (user picker)', (x) => `/space/member/${x.spaceId}`, '.ant-table', dialog('add-member')],
];

describe('accessibility of the management screens', () => {
  for (const [name, url, ready, open] of SCREENS) {
    it(`${name}: no serious or critical axe violation`, async () => {
      // axe is injected as a script the app's CSP rightly refuses: this test's browser bypasses CSP.
      const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 }, bypassCSP: true });
      await page.goto(url(w));
      await page.locator(ready).first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      if (open) await open(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
