import { describe, expect, it } from 'vitest';
import { addParam, fromDocParams, importJson, invalidNames, moveParam, removeParam, toDocParams, updateParam } from './param-tree';

describe('param tree edits', () => {
  it('gives the first row the configured initial order and the next max + 10', () => {
    let r = addParam([], null, 10000);
    expect(r.list[0].orderIndex).toBe(10000);
    r = addParam(r.list, null, 10000);
    expect(r.list[1].orderIndex).toBe(10010);
    const withGap = updateParam(r.list, r.list[0].key, { orderIndex: 500 });
    const r2 = addParam(withGap, null, 10000);
    expect(r2.list[2].orderIndex).toBe(10020);
  });

  it('adds children under a row and makes a scalar parent an object', () => {
    const a = addParam([], null, 10);
    const b = addParam(a.list, a.key, 10);
    expect(b.list[0].type).toBe('object');
    expect(b.list[0].children).toHaveLength(1);
    expect(b.list[0].children[0].orderIndex).toBe(10);
    const c = addParam(b.list, a.key, 10);
    expect(c.list[0].children[1].orderIndex).toBe(20);
  });

  it('updates, reorders and deletes nested rows', () => {
    let list = fromDocParams([
      { name: 'a', type: 'string', required: 1, maxLength: '64', example: '', description: '', orderIndex: 10, children: [] },
      {
        name: 'b',
        type: 'object',
        required: 1,
        maxLength: '64',
        example: '',
        description: '',
        orderIndex: 20,
        children: [
          { name: 'c', type: 'string', required: 1, maxLength: '64', example: '', description: '', orderIndex: 10, children: [] },
          { name: 'd', type: 'string', required: 1, maxLength: '64', example: '', description: '', orderIndex: 20, children: [] },
        ],
      },
    ]);
    const dKey = list[1].children[1].key;
    list = moveParam(list, dKey, -1);
    expect(list[1].children.map((p) => p.name)).toEqual(['d', 'c']);
    expect(list[1].children.map((p) => p.orderIndex)).toEqual([10, 20]);
    list = updateParam(list, dKey, { description: 'hello' });
    expect(list[1].children[0].description).toBe('hello');
    list = removeParam(list, list[1].key);
    expect(toDocParams(list).map((p) => p.name)).toEqual(['a']);
  });

  it('imports JSON per spec §5: objects, arrays of objects, scalar arrays, detected types', () => {
    const list = importJson([], '{"id":1,"name":"x","ok":true,"user":{"age":3},"tags":["a","b"],"items":[{"sku":"s1"}]}', 10000);
    const by = Object.fromEntries(list.map((p) => [p.name, p]));
    expect(by.id.type).toBe('number');
    expect(by.id.example).toBe('1');
    expect(by.ok.type).toBe('boolean');
    expect(by.user.type).toBe('object');
    expect(by.user.children[0].name).toBe('age');
    expect(by.tags.type).toBe('array');
    expect(by.tags.example).toBe('["a","b"]');
    expect(by.tags.children).toHaveLength(0);
    expect(by.items.type).toBe('array');
    expect(by.items.children[0].name).toBe('sku');
    expect(list.map((p) => p.orderIndex)).toEqual([10000, 10010, 10020, 10030, 10040, 10050]);
  });

  it('rejects text that is not JSON', () => {
    expect(() => importJson([], '{nope', 10)).toThrow('please enter JSON');
  });

  it('replaces rows of the same name on re-import and keeps descriptions', () => {
    let list = importJson([], '{"id":1}', 10);
    list = updateParam(list, list[0].key, { description: 'the id' });
    list = importJson(list, '{"id":"x","more":2}', 10);
    expect(list.map((p) => p.name)).toEqual(['id', 'more']);
    expect(list[0].type).toBe('string');
    expect(list[0].description).toBe('the id');
  });

  it('reports invalid parameter names anywhere in the tree', () => {
    const list = importJson([], '{"ok_name-1":{"bad name":1},"中文":2}', 10);
    expect(invalidNames(list)).toEqual(['bad name', '中文']);
  });

  it('takes an imported doc’s alternatives by their titles and Folio’s own markers as they are', () => {
    const node = (name: string, type: string, children: ReturnType<typeof fromDocParams> = []) =>
      fromDocParams([{ name, type, required: 0, maxLength: '', example: '', description: '', orderIndex: 0, children: [] }]).map((p) => ({
        ...p,
        children,
      }))[0];
    const list = [
      node('source', 'oneOf', [node('Bank Account', 'object', [node('bad name', 'string')]), node('Card', 'object')]),
      node('tags', 'array', [node('[item]', 'string')]),
      node('meta', 'object', [node('<key>', 'string')]),
      node('also bad', 'string'),
    ];
    expect(invalidNames(list)).toEqual(['bad name', 'also bad']);
  });
});
