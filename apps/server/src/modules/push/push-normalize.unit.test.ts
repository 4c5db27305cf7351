/** Loose typing of push payloads as smart-doc and torna-sdk send them (torna-compat §1b, S2/S3). */
import { DocType, NOT_DEPRECATED, ParamStyle } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import {
  docParams,
  flag,
  normalizeHttpUrl,
  normalizeInPieces,
  normalizePayload,
  PushInputError,
  splitUrlVersion,
} from './push-normalize.js';

describe('push normalisation', () => {
  it('reads "1"/"0"/1/0/true/false flags and keeps defaults for absent ones', () => {
    expect(['1', 1, true, 'true', 'yes'].map((v) => flag(v, 0))).toEqual([1, 1, 1, 1, 1]);
    expect(['0', 0, false, 'false'].map((v) => flag(v, 1))).toEqual([0, 0, 0, 0]);
    expect([undefined, null, ''].map((v) => flag(v, 1))).toEqual([1, 1, 1]);
  });

  it('strips scheme and host of HTTP urls and splits url#version', () => {
    expect(normalizeHttpUrl('http://127.0.0.1:8080/goods/{id}')).toBe('/goods/{id}');
    expect(normalizeHttpUrl('goods')).toBe('/goods');
    expect(splitUrlVersion('/g#2.0', '')).toEqual({ url: '/g', version: '2.0' });
    expect(splitUrlVersion('/g#2.0', '1.0')).toEqual({ url: '/g', version: '1.0' });
  });

  it('inherits type and author, types Dubbo folders, tolerates missing names and unknown fields', () => {
    const n = normalizePayload({
      author: 'root',
      apis: [
        {
          name: 'Svc',
          isFolder: '1',
          dubboInfo: { interfaceName: 'a.B' },
          items: [{ url: 'B get(long)', isFolder: '0', dubboMethod: 'x' }],
        },
        { name: 'Http', isFolder: '1', author: 'folder-author', items: [{ url: '/x', deprecated: true, version: '-', tag: 'ignored' }] },
      ],
    });
    const [svc, http] = n.items as any[];
    expect(svc.type).toBe(DocType.DUBBO);
    expect(svc.children[0]).toMatchObject({ type: DocType.DUBBO, name: 'B get(long)', author: 'root' });
    expect(http.children[0]).toMatchObject({ type: DocType.HTTP, author: 'folder-author', deprecated: 'Deprecated', version: '' });
    const plain = normalizePayload({ apis: [{ name: 'a', url: '/a' }] }).items[0] as any;
    expect(plain.deprecated).toBe(NOT_DEPRECATED);
  });

  it('normalises params: string flags, maxLength "-" or "" with children, enum names from the param', () => {
    const n = normalizePayload({
      apis: [
        {
          name: 'a',
          url: '/a',
          requestParams: [
            { name: 'o', required: '1', maxLength: '10', children: [{ name: 'c', type: 'int', required: 0, maxLength: '0' }] },
            { name: 'status', type: 'enum', enumInfo: { items: [{ name: 'A', value: '1' }] } },
          ],
        },
      ],
    });
    const params = docParams(n.items[0] as any)[ParamStyle.REQUEST];
    expect(params[0]).toMatchObject({ type: 'object', required: 1, maxLength: '' });
    expect(params[0].children[0]).toMatchObject({ type: 'int', required: 0, maxLength: '-' });
    expect(params[1].enumInfo).toMatchObject({ name: 'status', items: [{ name: 'A', value: '1', type: 'string' }] });
  });

  it('merges same-named sibling folders and rejects values that do not fit, naming them', () => {
    const n = normalizePayload({
      apis: [
        { name: 'F', isFolder: 1, items: [{ name: 'a', url: '/a' }] },
        { name: 'F', isFolder: 1, items: [{ name: 'b', url: '/b' }] },
      ],
    });
    expect(n.items).toHaveLength(1);
    expect((n.items[0] as any).children.map((c: { name: string }) => c.name)).toEqual(['a', 'b']);
    try {
      normalizePayload({ apis: [{ name: 'x'.repeat(300), url: '/a', httpMethod: 'VERYLONGMETHODNAME' }] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PushInputError);
      expect((e as PushInputError).fields.map((f) => f.field)).toEqual(['apis[0].name', 'apis[0].httpMethod']);
    }
  });

  it('normalises one top-level item at a time (a payload file) exactly as the whole payload, errors included', async () => {
    const fine = {
      author: 'ci',
      debugEnvs: [{ name: 'test', url: 'http://t/' }],
      apis: [
        { name: 'Goods', items: [{ name: 'list', url: '/goods', httpMethod: 'get' }] },
        null,
        { name: 'Goods', items: [{ name: 'get', url: '/goods/{id}', orderIndex: 3 }] },
        { url: '/ping', author: 'ops' },
        {
          name: 'Deep',
          author: 'lead',
          items: [
            { name: 'Inner', isFolder: '1', items: [{ name: 'a', url: '/a' }, null, { name: 'b', url: '/b', author: 'dev' }] },
            { name: 'c', url: '/c' },
            { name: 'Empty', isFolder: 1, items: [] },
          ],
        },
      ],
    };
    let turns = 0;
    const pieces = (p: { apis: unknown[] }) =>
      normalizeInPieces(
        p,
        p.apis.length,
        (i) => JSON.parse(JSON.stringify(p.apis[i])),
        async () => {
          turns++;
        },
      );
    expect(await pieces(fine)).toEqual(normalizePayload(fine));
    // A turn may come after every doc, also inside folders (one folder of a big import is not one piece).
    expect(turns).toBeGreaterThanOrEqual(6);
    const bad = {
      ...fine,
      author: 'a'.repeat(200),
      apis: [
        ...fine.apis,
        { name: 'n'.repeat(300), url: '/x', httpMethod: 'M'.repeat(20) },
        { name: 'F', items: [{ name: 'G', items: [{ name: 'h', url: '/h', httpMethod: 'H'.repeat(20) }], author: 'x'.repeat(200) }] },
      ],
    };
    const fieldsOf = async (run: () => unknown) => {
      try {
        await run();
      } catch (e) {
        return (e as PushInputError).fields.map((f) => f.field);
      }
      return [];
    };
    const whole = await fieldsOf(() => normalizePayload(bad));
    // (The root's author is inherited by every item, and checked there too.)
    expect(whole).toEqual(
      expect.arrayContaining([
        'author',
        'apis[0].items[0].author',
        'apis[5].name',
        'apis[5].httpMethod',
        'apis[6].items[0].items[0].httpMethod',
      ]),
    );
    expect(await fieldsOf(() => pieces(bad))).toEqual(whole);
  });
});
