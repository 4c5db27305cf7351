import type { DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { bodyExample, findDataNode, paramsToObject, responseExample } from './examples';

const p = (name: string, type: string, example = '', children: DocParam[] = []): DocParam => ({
  name,
  type,
  example,
  children,
  required: 1,
  maxLength: '64',
  description: '',
  orderIndex: 0,
});

describe('examples from params', () => {
  it('types scalars, nests objects and arrays', () => {
    const params = [
      p('id', 'number', '42'),
      p('name', 'string', 'Alice'),
      p('active', 'boolean', 'true'),
      p('tags', 'str_array', 'a,b'),
      p('scores', 'num_array', '[1,2]'),
      p('address', 'object', '', [p('city', 'string', 'Paris')]),
      p('items', 'array', '', [p('sku', 'string', 'X1'), p('qty', 'number', 'oops')]),
      p('raw', 'array', '["x","y"]'),
    ];
    expect(paramsToObject(params)).toEqual({
      id: 42,
      name: 'Alice',
      active: true,
      tags: ['a', 'b'],
      scores: [1, 2],
      address: { city: 'Paris' },
      items: [{ sku: 'X1', qty: 0 }],
      raw: ['x', 'y'],
    });
  });

  it('wraps an array body', () => {
    expect(bodyExample([p('id', 'number', '1')], true)).toEqual([{ id: 1 }]);
  });

  it('nests the doc response at the $data$ node of the common response', () => {
    const common = [p('code', 'string', '0'), p('data', 'object', '$data$'), p('msg', 'string', 'ok')];
    expect(findDataNode(common)?.name).toBe('data');
    const doc = { responseParams: [p('id', 'number', '7')], isResponseArray: 1, isUseGlobalReturns: 1 };
    expect(responseExample(doc, common)).toEqual({ code: '0', data: [{ id: 7 }], msg: 'ok' });
    // Without the data node, or when the doc does not use common returns, the doc's own response is shown.
    expect(responseExample(doc, [p('code', 'string', '0')])).toEqual([{ id: 7 }]);
    expect(responseExample({ ...doc, isUseGlobalReturns: 0 }, common)).toEqual([{ id: 7 }]);
  });
});
