/** Every UI text key the web core uses exists in both built-in languages (zh-CN and en complete). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_LANGUAGES } from '@folio/shared';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
/** Folders owned by other features (they test their own texts). */
const OTHERS = ['view', 'doc-view', 'debug', 'mock', 'history', 'openapi-guide', 'webhooks', 'import-export', 'admin-setting', 'sso'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return dir.endsWith('features') && OTHERS.includes(f) ? [] : files(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

const used = new Set<string>();
for (const f of files(SRC)) {
  for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
}
for (const r of ['guest', 'dev', 'admin']) used.add(`role.${r}`);
for (const s of ['register', 'backend', 'form', 'oauth', 'ldap']) used.add(`user.source_${s}`);
for (const s of ['Http', 'Dubbo', 'Custom', 'Markdown']) used.add(`doc.newTitle${s}`);

describe('UI texts', () => {
  it('finds the keys used by the web core', () => {
    expect(used.size).toBeGreaterThan(300);
  });
  for (const lang of ['en', 'zh-CN']) {
    it(`${lang} has every key`, () => {
      const content = BUILTIN_LANGUAGES[lang].content;
      expect([...used].filter((k) => !(k in content))).toEqual([]);
    });
  }
  it('zh-CN and en translate the same keys of the web core', async () => {
    const en = (await import('../../../../packages/shared/src/i18n/en/web-core')).webCore;
    const zh = (await import('../../../../packages/shared/src/i18n/zh-CN/web-core')).webCore;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
});
