/** The stored form of a param list (param-set-codec.ts): what goes in comes out, within the stated limits. */
import { describe, expect, it } from 'vitest';
import {
  decodeParamSet,
  type EncodableParam,
  encodeParamSet,
  PARAM_SET_MAX_LEVELS,
  PARAM_SET_MAX_PARAMS,
  paramIdBase,
  type StoredParamRow,
} from './param-set-codec.js';

const leaf = (name: string, extra: Partial<EncodableParam> = {}): EncodableParam => ({ name, ...extra });

const decode = (values: unknown, ownerId = 3, style = 2): StoredParamRow[] => {
  const out: StoredParamRow[] = [];
  decodeParamSet(ownerId, style, values, out);
  return out;
};

describe('param set codec', () => {
  it('writes a list level by level and reads it back with parents, values and defaults', () => {
    const values = encodeParamSet(
      [
        leaf('a', {
          type: 'object',
          required: true,
          children: [leaf('a.1', { enumId: 'E1' }), leaf('a.2', { children: [leaf('a.2.x')] })],
        }),
        leaf('b', { example: 'ex', description: 'd', maxLength: '10', orderIndex: 4, dataId: 'k', createMode: 0 }),
      ],
      new Map([['E1', 42]]),
      1,
    );
    const rows = decode(JSON.parse(JSON.stringify(values)));
    const base = paramIdBase(3, 2);
    expect(rows.map((r) => [r.name, r.id - base, r.parentId ? r.parentId - base : 0])).toEqual([
      ['a', 1, 0],
      ['b', 2, 0],
      ['a.1', 3, 1],
      ['a.2', 4, 1],
      ['a.2.x', 5, 4],
    ]);
    expect(rows[0]).toMatchObject({
      ownerId: 3,
      style: 2,
      type: 'object',
      required: 1,
      maxLength: '',
      example: '',
      enumId: 0,
      createMode: 1,
    });
    expect(rows[1]).toMatchObject({
      type: 'string',
      required: 0,
      maxLength: '10',
      example: 'ex',
      description: 'd',
      orderIndex: 4,
      dataId: 'k',
      createMode: 0,
    });
    expect(rows[2].enumId).toBe(42);
  });

  it('cuts texts to the old column sizes and stops at the deepest level kept', () => {
    let deep: EncodableParam = leaf('bottom');
    for (let i = 0; i < PARAM_SET_MAX_LEVELS + 5; i++) deep = leaf(`n${i}`, { children: [deep] });
    const rows = decode(encodeParamSet([leaf('x'.repeat(300), { type: 't'.repeat(70), maxLength: '9'.repeat(40) }), deep]));
    expect(rows[0]).toMatchObject({ name: 'x'.repeat(255), type: 't'.repeat(64), maxLength: '9'.repeat(32) });
    expect(rows).toHaveLength(1 + PARAM_SET_MAX_LEVELS);
  });

  it('gives an empty list no row and refuses a list larger than its ids allow', () => {
    expect(encodeParamSet([])).toBeNull();
    const many = new Array<EncodableParam>(PARAM_SET_MAX_PARAMS + 1).fill(leaf('p'));
    expect(() => encodeParamSet(many)).toThrow(/more than the 1048575/);
  });

  it('refuses a stored list it cannot read instead of guessing', () => {
    expect(() => decode([2, -1, 'a', 'string', 0, '', '', '', 0, 0, '', 0])).toThrow(/not in format 1/);
    expect(() => decode([1, -1, 'a'])).toThrow(/not in format 1/);
    expect(() => decode({})).toThrow(/not in format 1/);
  });
});
