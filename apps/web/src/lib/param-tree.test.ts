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

  it('reports the names the shared rule refuses anywhere in the tree, and none of what imports store', () => {
    const node = (name: string, type: string, children: ReturnType<typeof fromDocParams> = []) =>
      fromDocParams([{ name, type, required: 0, maxLength: '', example: '', description: '', orderIndex: 0, children: [] }]).map((p) => ({
        ...p,
        children,
      }))[0];
    const list = [
      node('reactions', 'object', [node('+1', 'number'), node('-1', 'number'), node('tab\there', 'string')]),
      node('source', 'oneOf', [node('Bank Account', 'object', [node('', 'string')]), node('Card', 'object')]),
      node('tags', 'array', [node('[item]', 'string')]),
      node('meta', 'object', [node('<key>', 'string'), node('@type', 'string'), node('address[city]', 'string'), node('a.b', 'string')]),
      node('名字', 'string'),
      node('user name', 'string'),
    ];
    expect(invalidNames(list)).toEqual(['tab\there', '']);
  });

  it('keeps a stored max length as it is, empty included; only a new row gets 64', () => {
    const stored = fromDocParams([
      { name: 'obj', type: 'object', required: 1, maxLength: '', example: '', description: '', orderIndex: 0, children: [] },
      { name: 'pushed', type: 'string', required: 1, maxLength: '-', example: '', description: '', orderIndex: 1, children: [] },
    ]);
    expect(toDocParams(stored).map((p) => p.maxLength)).toEqual(['', '-']);
    expect(addParam(stored, null, 10).list[2].maxLength).toBe('64');
  });
});
