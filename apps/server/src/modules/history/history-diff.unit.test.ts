/** Field-level diff of two doc versions: doc fields by PositionType, params matched by path within their list. */
import type { DocDetail, DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { detailContent, diffDocs } from './history-diff.js';

const p = (name: string, extra: Partial<DocParam> = {}): DocParam => ({
  name,
  type: 'string',
  required: 1,
  maxLength: '-',
  example: '',
  description: '',
  orderIndex: 0,
  children: [],
  ...extra,
});
const doc = (extra: Partial<DocDetail>): DocDetail =>
  ({
    name: 'a',
    url: '/a',
    httpMethod: 'GET',
    description: '',
    headerParams: [],
    pathParams: [],
    queryParams: [],
    requestParams: [],
    responseParams: [],
    errorCodeParams: [],
    dubboInfo: null,
    ...extra,
  }) as DocDetail;

describe('diffDocs', () => {
  it('reports doc fields and params added, removed and changed, by path within their list', () => {
    const before = doc({
      name: 'Old',
      requestParams: [p('id', { type: 'int' }), p('obj', { type: 'object', children: [p('x')] })],
      queryParams: [p('id')],
    });
    const after = doc({
      name: 'New',
      requestParams: [p('id', { type: 'long', required: 0 }), p('obj', { type: 'object', children: [p('y')] })],
      queryParams: [p('id')],
    });
    const d = diffDocs(before, after);
    expect(d.find((x) => x.positionType === 0)).toMatchObject({ old: 'Old', new: 'New', modifyType: 0 });
    expect(d.filter((x) => x.paramPosition === 43).map((x) => [x.positionType, x.targetName, x.old, x.new])).toEqual([
      [51, 'id', 'int', 'long'],
      [52, 'id', 1, 0],
    ]);
    expect(d.find((x) => x.targetName === 'obj.x')).toMatchObject({ positionType: 43, modifyType: 2 });
    expect(d.find((x) => x.targetName === 'obj.y')).toMatchObject({ positionType: 43, modifyType: 1 });
    // Same name in another list is another param: nothing reported for query "id".
    expect(d.some((x) => x.positionType === 42 || x.paramPosition === 42)).toBe(false);
  });

  it('reports error codes and stores Torna-shaped detail content', () => {
    const d = diffDocs(
      doc({ errorCodeParams: [{ code: 'E1', msg: 'a', solution: '' }] }),
      doc({ errorCodeParams: [{ code: 'E2', msg: 'b', solution: '' }] }),
    );
    expect(d.map((x) => [x.positionType, x.targetName, x.modifyType])).toEqual([
      [45, 'E1', 2],
      [45, 'E2', 1],
    ]);
    expect(JSON.parse(detailContent(d[0]))).toEqual({
      value: { old: { code: 'E1', msg: 'a', solution: '' }, new: null },
      targetName: 'E1',
    });
  });

  it('finds nothing between equal versions', () => {
    expect(diffDocs(doc({ requestParams: [p('a')] }), doc({ requestParams: [p('a')] }))).toEqual([]);
  });
});
