import type { DocDetail, DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { generateDefaultBody } from './mock-default.js';

const p = (name: string, type: string, example = '', children: DocParam[] = [], extra: Partial<DocParam> = {}): DocParam =>
  ({ name, type, example, children, required: 0, maxLength: '', description: '', enumId: '', orderIndex: 0, ...extra }) as DocParam;

const doc = (responseParams: DocParam[], extra: Partial<DocDetail> = {}) =>
  ({ responseParams, isResponseArray: 0, isUseGlobalReturns: 0, ...extra }) as unknown as DocDetail;

describe('the default mock body of a doc', () => {
  it('gives each parameter type its kind of value, examples first', () => {
    const body = generateDefaultBody(
      doc([
        p('count', 'integer', '5'),
        p('Price', 'BigDecimal'),
        p('ratio', 'Double', 'x'),
        p('ok', 'Boolean', 'TRUE'),
        p('no', 'bool'),
        p('ids', 'num_array', '1, 2, x'),
        p('tags', 'str_array', 'a, b'),
        p('names', 'string[]', '["x","y"]'),
        p('list', 'List<String>'),
        p('meta', 'object', '{"k":1}'),
        p('map', 'Map', 'not json'),
        p('kind', 'enum', '', [], { enumInfo: { items: [{ name: 'A', value: 'a' }] } as DocParam['enumInfo'] }),
        p('state', 'string', '', [], { enumInfo: { items: [{ name: 'OPEN', value: '' }] } as DocParam['enumInfo'] }),
        p('text', '', 'hello'),
        p('', 'string', 'nameless params are left out'),
      ]),
    );
    expect(body).toEqual({
      count: 5,
      Price: 0,
      ratio: 0,
      ok: true,
      no: false,
      ids: [1, 2],
      tags: ['a', 'b'],
      names: ['x', 'y'],
      list: [],
      meta: { k: 1 },
      map: {},
      kind: 'a',
      state: 'OPEN',
      text: 'hello',
    });
  });

  it('nests objects, wraps container types with children in an array, and the whole body for array responses', () => {
    const user = [p('id', 'long', '7'), p('name', 'string', 'Ann')];
    const body = generateDefaultBody(
      doc([p('owner', 'User', '', user), p('members', 'List<User>', '', user), p('roles', 'Set', '', [p('r', 'string', 'admin')])], {
        isResponseArray: 1,
      }),
    );
    expect(body).toEqual([{ owner: { id: 7, name: 'Ann' }, members: [{ id: 7, name: 'Ann' }], roles: [{ r: 'admin' }] }]);
  });
});

describe('alternatives in the default mock (oneOf/anyOf)', () => {
  const card = p('Card', 'object', '', [p('number', 'string', '4242')]);
  const bank = p('Bank_Account', 'object', '', [p('iban', 'string', 'DE89')]);

  it('answers one valid alternative (the first), never all of them merged', () => {
    const body = generateDefaultBody(doc([p('amount', 'integer', '100'), p('source', 'anyOf', '', [card, bank])]));
    expect(body).toEqual({ amount: 100, source: { number: '4242' } });
  });

  it('a discriminated oneOf is alternatives too', () => {
    const body = generateDefaultBody(
      doc([p('id', 'integer', '1'), p('pet', 'oneOf(petType)', '', [p('Cat', 'object', '', [p('petType', 'string', 'cat')]), bank])]),
    );
    expect(body).toEqual({ id: 1, pet: { petType: 'cat' } });
  });

  it('a response that is itself anyOf is its first alternative, not wrapped in the node’s name', () => {
    expect(generateDefaultBody(doc([p('body', 'anyOf', '', [card, bank])]))).toEqual({ number: '4242' });
    expect(generateDefaultBody(doc([p('body', 'anyOf', '', [card, bank])], { isResponseArray: 1 }))).toEqual([{ number: '4242' }]);
  });
});

describe('the default mock body of a doc imported with its spec’s examples', () => {
  const withExample = (value: string, extra: Partial<DocDetail> = {}) =>
    doc([p('amount', 'number', '1')], {
      responses: [
        {
          status: '200',
          description: '',
          contentType: 'application/json',
          params: [],
          isArray: 0,
          arrayType: '',
          headers: [],
          examples: [{ name: 'Card', summary: '', value }],
          main: 1,
        },
        {
          status: '400',
          description: '',
          contentType: '',
          params: [],
          isArray: 0,
          arrayType: '',
          headers: [],
          examples: [{ name: '', summary: '', value: '{"title":"bad"}' }],
          main: 0,
        },
      ],
      ...extra,
    });

  it('is the main response’s first example, as the spec writes it (an array example is not wrapped again)', () => {
    expect(generateDefaultBody(withExample('{"amount": 49.99, "status": "succeeded"}'))).toEqual({ amount: 49.99, status: 'succeeded' });
    expect(generateDefaultBody(withExample('[{"amount": 1}]', { isResponseArray: 1 }))).toEqual([{ amount: 1 }]);
  });

  it('is generated from the params when the example is not JSON', () => {
    expect(generateDefaultBody(withExample('<xml/>'))).toEqual({ amount: 1 });
  });
});
