import { createHash } from 'node:crypto';
import type { DocDetail } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { contentHash } from './doc-keys.js';

// The generic canonical serialisation the content hash was first defined with: stored md5 columns and
// snapshot hashes were computed with it, so the direct serialiser must produce exactly the same text.
function stable(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${k}:${stable(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
type P = DocDetail['requestParams'][number];
const paramContent = (ps: P[]): unknown[] =>
  ps.map((p) => ({
    n: p.name,
    t: p.type,
    r: p.required,
    m: p.maxLength,
    e: p.example,
    d: p.description,
    en: p.enumId ?? '',
    c: paramContent(p.children ?? []),
  }));
const reference = (d: DocDetail) =>
  createHash('md5')
    .update(
      stable({
        name: d.name,
        description: d.description,
        author: d.author,
        url: d.url,
        httpMethod: d.httpMethod,
        contentType: d.contentType,
        deprecated: d.deprecated,
        version: d.version,
        definition: d.definition,
        type: d.type,
        g: [d.isUseGlobalHeaders, d.isUseGlobalParams, d.isUseGlobalReturns],
        a: [d.isRequestArray, d.isResponseArray, d.requestArrayType, d.responseArrayType],
        dubbo: d.dubboInfo,
        h: paramContent(d.headerParams),
        p: paramContent(d.pathParams),
        q: paramContent(d.queryParams),
        b: paramContent(d.requestParams),
        r: paramContent(d.responseParams),
        e: d.errorCodeParams.map((x) => [x.code, x.msg, x.solution]),
      }),
    )
    .digest('hex');

let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const texts = [
  ...['', 'id', 'a "quoted" \\ text', '中文 说明', 'line\nbreak\t<br>', '{"json":[1,2]}', '0', 'x'.repeat(40)],
  // What JSON escapes or leaves alone: control characters, a lone surrogate, an emoji's pair, U+2028, DEL.
  ...['bell\u0007 nul\u0000', 'lone \ud800 high', 'pair 😀', 'sep\u2028ara\u2029tor', 'del\u007f', '\u001f'],
];
const text = () => texts[rnd(texts.length)];
function params(depth: number): P[] {
  return Array.from({ length: rnd(4) }, (_, i) => {
    const p: Record<string, unknown> = {
      id: `p${i}`,
      name: text(),
      type: ['string', 'object', 'array', 'int'][rnd(4)],
      required: rnd(2),
      maxLength: rnd(3) ? '' : '64',
      example: text(),
      description: text(),
      enumId: rnd(3) ? '' : 'Xy9',
      orderIndex: i,
      children: depth < 3 ? params(depth + 1) : [],
    };
    if (rnd(5) === 0) delete p.enumId;
    if (rnd(5) === 0) delete p.children;
    return p as unknown as P;
  });
}
function detail(): DocDetail {
  return {
    name: text(),
    description: text(),
    author: text(),
    url: `/v1/${text()}`,
    httpMethod: ['GET', 'POST'][rnd(2)],
    contentType: text(),
    deprecated: rnd(2) ? '' : 'since 2.0',
    version: rnd(2) ? '' : '1.0',
    definition: text(),
    type: rnd(3),
    isUseGlobalHeaders: rnd(2),
    isUseGlobalParams: rnd(2),
    isUseGlobalReturns: rnd(2),
    isRequestArray: rnd(2),
    isResponseArray: rnd(2),
    requestArrayType: rnd(2) ? 'object' : '',
    responseArrayType: rnd(2) ? 'string' : '',
    dubboInfo: rnd(2) ? null : { interfaceName: text(), author: text(), version: '', protocol: 'dubbo', dependency: text() },
    headerParams: params(0),
    pathParams: params(0),
    queryParams: params(0),
    requestParams: params(0),
    responseParams: params(0),
    errorCodeParams: Array.from({ length: rnd(3) }, () => ({ code: text(), msg: text(), solution: text() })),
  } as unknown as DocDetail;
}

describe('contentHash', () => {
  it('hashes exactly the canonical serialisation stored hashes were made with', () => {
    for (let i = 0; i < 500; i++) {
      const d = detail();
      expect(contentHash(d)).toBe(reference(d));
    }
  });

  it('changes with content and ignores param ids and order fields', () => {
    const d = detail();
    const h = contentHash(d);
    expect(contentHash({ ...d, name: `${d.name}!` })).not.toBe(h);
    const moved = { ...d, headerParams: d.headerParams.map((p) => ({ ...p, id: 'other', orderIndex: 99 })) };
    expect(contentHash(moved)).toBe(h);
  });
});
