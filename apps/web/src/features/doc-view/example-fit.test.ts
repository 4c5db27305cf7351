import type { DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { exampleFit, misfits } from './example-fit';

const p = (name: string, type: string, required = 0, children: DocParam[] = []): DocParam => ({
  name,
  type,
  required,
  children,
  example: '',
  maxLength: '',
  description: '',
  orderIndex: 0,
});

const params = [
  p('amount', 'number', 1),
  p('currency', 'string'),
  p('source', 'oneOf', 0, [p('Card', 'object', 0, [p('number', 'string')]), p('Bank', 'object', 0, [p('iban', 'string')])]),
  p('lines', 'array', 0, [p('sku', 'string', 1)]),
  p('meta', 'object', 0, [p('<key>', 'string')]),
];

describe('a spec example against the doc’s parameters', () => {
  it('fits when every field is a parameter and every required one is there', () => {
    const fit = exampleFit(
      JSON.stringify({ amount: 1, currency: 'gbp', source: { number: '4242' }, lines: [{ sku: 'a' }], meta: { any: 'x' } }),
      params,
    );
    expect(fit).toEqual({ unknown: [], missing: [] });
    expect(misfits(fit)).toBe(false);
  });

  it('names the fields no parameter has and the required ones it lacks, by path (an edited form renamed them)', () => {
    const fit = exampleFit(JSON.stringify({ total: 1, currency: 'gbp', lines: [{ code: 'a' }] }), params);
    expect(fit).toEqual({ unknown: ['total', 'lines.code'], missing: ['amount', 'lines.sku'] });
    expect(misfits(fit)).toBe(true);
  });

  it('reads an array body by its first element, and an array item param by its fields', () => {
    expect(exampleFit('[{"amount": 1, "x": 2}]', params)).toEqual({ unknown: ['x'], missing: [] });
    const tags = [p('tags', 'array', 0, [p('[item]', 'object', 0, [p('id', 'integer', 1)])])];
    expect(exampleFit('{"tags": [{"name": "a"}]}', tags)).toEqual({ unknown: ['tags.name'], missing: ['tags.id'] });
  });

  it('cannot judge text that is not JSON, or a body without parameters', () => {
    expect(exampleFit('a=1&b=2', params)).toBeNull();
    expect(exampleFit('{"a": 1}', [])).toBeNull();
  });
});
