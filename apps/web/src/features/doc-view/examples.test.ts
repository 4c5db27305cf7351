import type { DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import {
  alternativesOf,
  bodyExample,
  findDataNode,
  formLines,
  jsonBodyText,
  paramsToObject,
  pickedExample,
  queryString,
  responseExample,
} from './examples';

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

  it('shows one oneOf/anyOf alternative at a time (never all merged), the chosen one by path', () => {
    const card = p('Card', 'object', '', [p('number', 'string', '4242'), p('exp', 'integer', '12')]);
    const bank = p('Bank Account', 'object', '', [p('iban', 'string', 'DE89')]);
    const params = [p('amount', 'integer', '100'), p('source', 'anyOf', '', [card, bank, p('(string)', 'string', 'tok_visa')])];
    expect(bodyExample(params, false)).toEqual({ amount: 100, source: { number: '4242', exp: 12 } });
    expect(bodyExample(params, false, 'object', { source: 1 })).toEqual({ amount: 100, source: { iban: 'DE89' } });
    expect(bodyExample(params, false, 'object', { source: 2 })).toEqual({ amount: 100, source: 'tok_visa' });
    expect(alternativesOf(params)).toEqual([
      { path: 'source', name: 'source', kind: 'anyOf', options: ['Card', 'Bank Account', '(string)'] },
    ]);
  });

  it('takes a dictionary’s first value when a param has no example', () => {
    const obj = {
      ...p('object', 'string'),
      enumInfo: { name: 'o', items: [{ name: 'customer', value: 'customer', type: 'string', description: '' }] },
    };
    expect(paramsToObject([obj as DocParam])).toEqual({ object: 'customer' });
  });
});

describe('bodies that are alternatives', () => {
  const p = (name: string, type: string, example = '', children: DocParam[] = []) =>
    ({ name, type, example, children }) as unknown as DocParam;
  const card = p('Card', 'object', '', [p('number', 'string', '4242')]);
  const bank = p('Bank_Account', 'object', '', [p('iban', 'string', 'DE89')]);

  it('a body that is itself anyOf is the chosen alternative, not wrapped in the node’s name', () => {
    expect(bodyExample([p('body', 'anyOf', '', [card, bank])], false)).toEqual({ number: '4242' });
    expect(bodyExample([p('body', 'anyOf', '', [card, bank])], false, 'object', { body: 1 })).toEqual({ iban: 'DE89' });
    expect(bodyExample([p('body', 'anyOf', '', [card, bank])], true)).toEqual([{ number: '4242' }]);
  });

  it('a discriminated oneOf (`oneOf(petType)`) shows one alternative', () => {
    expect(bodyExample([p('id', 'integer', '1'), p('pet', 'oneOf(petType)', '', [card, bank])], false)).toEqual({
      id: 1,
      pet: { number: '4242' },
    });
  });
});

describe('a spec’s own examples', () => {
  const card = { name: 'Card', summary: 'Card Payment', value: '{\n  "amount": 49.99\n}' };
  const bank = { name: 'Bank', summary: 'Bank Account Payment', value: '{\n  "amount": 100.5\n}' };
  const generated = '{\n  "amount": 0\n}';

  it('come first in the picker, the generated one last; a position out of range shows the last', () => {
    expect(pickedExample([card, bank], generated, 0)).toBe(card.value);
    expect(pickedExample([card, bank], generated, 1)).toBe(bank.value);
    expect(pickedExample([card, bank], generated, 2)).toBe(generated);
    expect(pickedExample([card, bank], generated, 9)).toBe(generated);
    expect(pickedExample([card], '', 5)).toBe(card.value);
    expect(pickedExample([], generated, 0)).toBe(generated);
    expect(pickedExample(undefined, '', 0)).toBe('');
  });

  it('pre-fill the debug body (the first), else the body generated from the params', () => {
    const params = [p('amount', 'number', '12.5')];
    expect(jsonBodyText({ requestExamples: [card, bank], requestParams: params, isRequestArray: 0, requestArrayType: '' })).toBe(
      card.value,
    );
    expect(JSON.parse(jsonBodyText({ requestParams: params, isRequestArray: 0, requestArrayType: '' }))).toEqual({ amount: 12.5 });
    expect(jsonBodyText({ requestParams: [], isRequestArray: 0, requestArrayType: '' })).toBe('');
  });
});

describe('a form-encoded body', () => {
  it('reads one decoded key=value a line, from the body that is sent', () => {
    const params = [
      {
        name: 'email',
        type: 'string',
        required: 0,
        maxLength: '',
        example: 'a+b@example.com',
        description: '',
        orderIndex: 0,
        children: [],
      },
      {
        name: 'metadata[plan]',
        type: 'string',
        required: 0,
        maxLength: '',
        example: 'gold & silver',
        description: '',
        orderIndex: 1,
        children: [],
      },
      { name: 'balance', type: 'integer', required: 0, maxLength: '', example: '', description: '', orderIndex: 2, children: [] },
    ];
    const body = queryString(params).slice(1);
    expect(body).toBe('email=a%2Bb%40example.com&metadata%5Bplan%5D=gold%20%26%20silver&balance=0');
    expect(formLines(body)).toBe('email=a+b@example.com\nmetadata[plan]=gold & silver\nbalance=0');
    // A spec's own example as written (`+` for a space), and a part that does not decode, shown as it is.
    expect(formLines('name=Jenny+Rosen&bad=%E0%A4%A&flag')).toBe('name=Jenny Rosen\nbad=%E0%A4%A\nflag');
  });
});
