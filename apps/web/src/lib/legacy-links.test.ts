import { describe, expect, it } from 'vitest';
import { legacyHashToPath, legacyRedirect } from './legacy-links';

const loc = (hash: string, pathname = '/') => ({ pathname, search: '', hash });

describe('legacy Torna hash links', () => {
  it('maps /#/view/{docId} to /view/{docId}', () => {
    expect(legacyRedirect(loc('#/view/9VXEyXvg'))).toBe('/view/9VXEyXvg');
  });
  it('maps share and show links with a doc id', () => {
    expect(legacyRedirect(loc('#/share/abc123/9VXEyXvg'))).toBe('/share/abc123/9VXEyXvg');
    expect(legacyRedirect(loc('#/show/cmp1/doc2'))).toBe('/show/cmp1/doc2');
    expect(legacyRedirect(loc('#/share/abc123'))).toBe('/share/abc123');
  });
  it('keeps the query of the old link (successLogin keeps its loginKey)', () => {
    expect(legacyRedirect(loc('#/successLogin?loginKey=k1'))).toBe('/successLogin?loginKey=k1');
  });
  it("maps every other route of Torna's front end to the same Folio path", () => {
    for (const p of [
      '/project/doc/9VXEyXvg',
      '/project/info/9VXEyXvg',
      '/space/project/abc',
      '/space/compose/abc',
      '/doc/edit/mod1/doc1',
      '/doc/new/mod1',
      '/user/message',
      '/admin/users',
      '/dashboard',
      '/openapi',
    ]) {
      expect(legacyRedirect(loc(`#${p}`))).toBe(p);
    }
  });
  it("maps every path of Torna's router (front/src/router/index.js) to itself", () => {
    for (const p of [
      '/dashboard',
      '/login',
      '/setPassword',
      '/reg',
      '/openapi',
      '/help',
      '/updatePassword',
      '/space/project/s1',
      '/space/compose/s1',
      '/space/info/s1',
      '/space/member/s1',
      '/space/openuser/s1',
      '/project/doc/p1',
      '/project/info/p1',
      '/project/member/p1',
      '/doc/edit/m1/d1',
      '/doc/new/m1/f1',
      '/doc/copy/m1/d1',
      '/doc/new/m1',
      '/user',
      '/user/subscribe/doc',
      '/user/message',
      '/user/systemSetting',
      '/admin/users',
      '/admin/setting',
      '/view',
      '/view/d1',
      '/share/s1',
      '/share/s1/d1',
      '/show/c1',
      '/show/c1/d1',
      '/404',
    ]) {
      expect(legacyRedirect(loc(`#${p}`)), p).toBe(p);
    }
  });
  it('sends Torna pages Folio has no twin for to the closest one', () => {
    expect(legacyRedirect(loc('#/project/release/9VXEyXvg'))).toBe('/project/doc/9VXEyXvg');
    expect(legacyRedirect(loc('#/admin/template'))).toBe('/admin/setting');
  });
  it('ignores anchors that are not routes and non-root paths', () => {
    expect(legacyHashToPath('#section-2')).toBeNull();
    expect(legacyHashToPath('#/unknownThing/1')).toBeNull();
    expect(legacyRedirect(loc('#/view/abc', '/view/other'))).toBeNull();
    expect(legacyRedirect(loc(''))).toBeNull();
  });
});
