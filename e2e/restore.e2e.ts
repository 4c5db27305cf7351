/**
 * Moving an installation (issue 25): `folio backup` of a running Folio on its SQLite file, `folio restore` into an
 * empty PostgreSQL schema, and a second Folio started on PostgreSQL serves the same install in Chromium: the same
 * doc links open the same docs with the same text, the admin's password and a share's password still work, and
 * the tree lists the same docs. Screenshots of the restored install go to e2e/screenshots/restored-*.png.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folio } from '../apps/server/src/cli/cli.test-helpers.js';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSPHRASE = 'restore e2e passphrase';
const SHARE_PASSWORD = 'share-pass-42';

let source: Harness;
let restored: Harness | undefined;
let w: ShopWorld;
let shareId = '';
let dir = '';
const schema = `folio_restore_${randomBytes(4).toString('hex')}`;

async function pgQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** The doc view's text for a doc, as a reader sees it. */
async function docText(h: Harness, docId: string): Promise<string> {
  const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
  await page.goto(`/view/${docId}`);
  await page.getByTestId('doc-title').waitFor();
  await page.waitForLoadState('networkidle');
  const text = await page.locator('article.doc-content').innerText();
  await page.context().close();
  return text;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-restore-e2e-'));
  source = await startHarness({ prefix: 'restore-source' });
  w = await createShopWorld(source);
  const share = await source.admin<{ publicId: string }>('POST', 'share/add', {
    moduleId: w.moduleId,
    type: 2,
    password: SHARE_PASSWORD,
    isAll: 1,
    remark: 'For the partner team',
  });
  shareId = share.publicId;

  const archive = join(dir, 'folio-backup.zip');
  const backup = await folio('backup', archive, '--passphrase', PASSPHRASE, '--database-url', `sqlite:${source.dbPath}`);
  expect(backup.err).toBe('');
  expect(backup.code).toBe(0);

  await pgQuery(`create schema ${schema}`);
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const uploads = join(dir, 'uploads');
  const restore = await folio('restore', archive, '--passphrase', PASSPHRASE, '--database-url', u.toString(), '--upload-dir', uploads);
  expect(restore.err).toBe('');
  expect(restore.code).toBe(0);
  // The restored install's own admin password is the source's; the harness logs in with it.
  restored = await startHarness({ prefix: 'restored', env: { DATABASE_URL: u.toString(), FOLIO_UPLOAD_DIR: uploads } });
}, 240_000);

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  await pgQuery(`drop schema if exists ${schema} cascade`).catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an installation moved from SQLite to PostgreSQL by backup and restore', () => {
  it('opens the same doc links with the same text', async () => {
    if (!restored) throw new Error('not restored');
    for (const id of [w.createDocId, w.getDocId, w.markdownDocId]) {
      const before = await docText(source, id);
      expect(before.length).toBeGreaterThan(20);
      expect(await docText(restored, id)).toBe(before);
    }
    const page = await restored.newPage({ token: restored.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/view/${w.createDocId}`);
    await page.getByTestId('doc-title').waitFor();
    await page.waitForLoadState('networkidle');
    await restored.shot(page, 'doc-view');
  });

  it('lists the same tree and keeps the share and its password', async () => {
    if (!restored) throw new Error('not restored');
    const treeOf = async (h: Harness) => JSON.stringify(await h.admin('GET', 'doc/tree', { moduleId: w.moduleId }));
    expect(await treeOf(restored)).toBe(await treeOf(source));
    const page = await restored.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/share/${shareId}`);
    await page.getByTestId('share-password').fill(SHARE_PASSWORD);
    await page.getByTestId('share-password-submit').click();
    await page.locator('.vt-row').first().waitFor();
    await restored.shot(page, 'share');
    await page.locator('.vt-row', { hasText: /order/i }).first().click();
    await page.getByTestId('doc-title').waitFor();
  });
});
