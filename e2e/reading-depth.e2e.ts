/**
 * Issue 21, big operations: nested objects open to a chosen depth ("Levels 1 2 3"), besides expand and
 * collapse all; the first level is open by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let docId = '';

const p = (name: string, type: string, children: unknown[] = []) => ({ name, type, required: 1, description: `${name} field`, children });

beforeAll(async () => {
  h = await startHarness({ prefix: 'reading-depth' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Depth', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Depth', description: '', isPrivate: 0 });
  const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'api' });
  docId = (
    await h.admin<{ id: string }>('POST', 'doc/save', {
      moduleId: mod.id,
      name: 'Create customer',
      url: '/customers',
      httpMethod: 'POST',
      contentType: 'application/json',
      requestParams: [
        p('email', 'string'),
        p('address', 'object', [p('city', 'string'), p('geo', 'object', [p('lat', 'number'), p('zone', 'object', [p('code', 'string')])])]),
      ],
    })
  ).id;
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

describe('expand to a depth', () => {
  it('opens the first level by default, then exactly the levels chosen', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/view/${docId}`);
    const table = page.getByTestId('request-table');
    const depthRows = (d: number) => table.locator(`tr[data-depth="${d}"]`).count();
    await table.locator('tbody tr').first().waitFor();
    expect([await depthRows(0), await depthRows(1), await depthRows(2)]).toEqual([2, 2, 0]);
    const levels = table.getByTestId('expand-levels');
    expect(await levels.getByRole('button').allInnerTexts()).toEqual(['1', '2', '3']);
    await levels.getByRole('button', { name: 'Expand to level 2' }).click();
    await expect.poll(() => depthRows(2)).toBe(2);
    expect(await depthRows(3)).toBe(0);
    expect(await levels.getByRole('button', { name: 'Expand to level 2' }).getAttribute('aria-pressed')).toBe('true');
    await h.shot(page, 'level-2');
    await table.getByTestId('expand-all').click();
    await expect.poll(() => depthRows(3)).toBe(1);
    await levels.getByRole('button', { name: 'Expand to level 1' }).click();
    await expect.poll(() => depthRows(2)).toBe(0);
    expect(await depthRows(1)).toBe(2);
    await page.context().close();
  });
});
