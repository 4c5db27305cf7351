/**
 * Issue 18: after migrating Torna's demo database, Torna's old hash links (`/#/view/{id}`, `/#/share/{id}`,
 * `/#/show/{id}`, `/#/project/doc/{id}`) open the same doc, share, compose project and project in Folio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Hashids from 'hashids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/database.js';
import { migrateTorna, TORNA_DEFAULT_SALT } from '../apps/server/src/modules/torna-migration/migration.js';
import { createTornaDb, type TornaDb } from '../apps/server/src/modules/torna-migration/torna-source.fixture.js';
import { ADMIN_PASSWORD, type Harness, startHarness } from './harness.js';

const torna = new Hashids(TORNA_DEFAULT_SALT, 8);

describe('Torna links after a migration', () => {
  let h: Harness;
  let src: TornaDb;
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-torna-'));
  const file = join(dir, 'folio.db');

  beforeAll(async () => {
    src = await createTornaDb(
      'torna-mysql-demo-data.sql',
      `INSERT INTO user_info (id, username, password, nickname, is_super_admin, source, email, status) VALUES
         (16, 'admin', md5(concat('admin', md5('${ADMIN_PASSWORD}'), '@3dG%gm^uu&=.')), 'Admin', 1, 'register', '', 1);
       INSERT INTO share_config (id, type, password, status, module_id, is_all, remark, creator_name, is_show_debug, is_all_selected_debug)
         VALUES (3, 1, '', 1, 5, 1, 'wiki link', 'Admin', 0, 0);
       INSERT INTO compose_project (id, name, description, space_id, type, password, creator_id, creator_name, order_index, show_debug, gateway_url, status)
         VALUES (2, 'Shop portal', '', 20, 1, '', 16, 'Admin', 0, 0, '', 1);
       INSERT INTO compose_doc (id, doc_id, project_id, is_folder, folder_name, parent_id, origin, creator, order_index)
         VALUES (1, 98, 2, 0, '', 0, '商城项目', 'Admin', 0);`,
    );
    // Migrated before the server starts (it reads the Hashids salt at start).
    const database = openDatabase('sqlite', `sqlite:${file}`, file);
    await migrate(database.db, 'sqlite');
    await migrateTorna({ from: src.url, target: database });
    await database.destroy();
    h = await startHarness({ prefix: 'torna-links', env: { DATABASE_URL: `sqlite:${file}` } });
  });
  afterAll(async () => {
    await h?.stop();
    await src?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the doc of an old /#/view/{id} link', async () => {
    const page = await h.newPage({ token: h.adminToken });
    await page.goto(`/#/view/${torna.encode(98)}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/view/${torna.encode(98)}`);
    await expect.poll(() => page.getByText('/shop/product').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('新增产品').first().isVisible()).toBe(true);
    await h.shot(page, 'view');
  });

  it('opens an old share link and an old compose link without logging in', async () => {
    const page = await h.newPage();
    await page.goto(`/#/share/${torna.encode(3)}/${torna.encode(99)}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/share/${torna.encode(3)}/${torna.encode(99)}`);
    await expect.poll(() => page.getByText('修改产品').first().isVisible()).toBe(true);
    await h.shot(page, 'share');
    await page.goto(`/#/show/${torna.encode(2)}`);
    await expect.poll(() => page.getByText('Shop portal').first().isVisible()).toBe(true);
    await h.shot(page, 'show');
  });

  it('runs the migration again from the admin console: test, dry run, progress and report', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/admin/setting');
    await page.getByRole('tab', { name: 'Migrate from Torna' }).click();
    await page.getByTestId('torna-from').fill(src.url);
    await page.getByTestId('torna-test').click();
    await expect.poll(() => page.getByTestId('torna-test-result').textContent()).toContain('Torna schema 12900');
    await page.getByTestId('torna-dry-run').click();
    await expect.poll(() => page.getByTestId('torna-report').textContent()).toContain('doc_info');
    await page.getByTestId('torna-start').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('Old Torna links open now').isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('torna-report').textContent()).toContain('Migrated database');
    await h.shot(page, 'admin');
  });

  it('opens the project of an old /#/project/doc/{id} link', async () => {
    const page = await h.newPage({ token: h.adminToken });
    await page.goto(`/#/project/doc/${torna.encode(5)}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/project/doc/${torna.encode(5)}`);
    await expect.poll(() => page.getByText('商品中心').first().isVisible()).toBe(true);
    await h.shot(page, 'project');
  });
});
