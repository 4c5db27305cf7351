import type { TreeNode } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { ancestorIds, branchKeys, countDocs, filterTree, findNode } from './tree-filter';

function node(id: string, label: string, extra: Partial<TreeNode> = {}, children: TreeNode[] = []): TreeNode {
  return {
    id,
    label,
    name: label,
    type: children.length ? 2 : 3,
    docId: extra.docId ?? id,
    parentId: '',
    url: '',
    httpMethod: '',
    isFolder: children.length || extra.isFolder ? 1 : 0,
    apiCount: 0,
    docType: 0,
    deprecated: '$false$',
    children,
    ...extra,
  };
}

const tree: TreeNode[] = [
  node('f1', 'Users', { isFolder: 1 }, [
    node('d1', 'Get user', { url: '/api/User/{id}', httpMethod: 'GET' }),
    node('d2', 'Delete user', { url: '/api/user/{id}', httpMethod: 'DELETE' }),
  ]),
  node('f2', 'Orders', { isFolder: 1 }, [node('f3', 'Refunds', { isFolder: 1 }, [node('d3', 'Create refund', { url: '/refund' })])]),
];

describe('filterTree', () => {
  it('returns the same tree for an empty filter', () => {
    expect(filterTree(tree, '  ')).toBe(tree);
  });
  it('matches url case-insensitively and keeps the parent folders', () => {
    const r = filterTree(tree, 'API/USER');
    expect(r.map((n) => n.id)).toEqual(['f1']);
    expect(r[0].children.map((n) => n.id)).toEqual(['d1', 'd2']);
  });
  it('matches label and keeps only the matching branch', () => {
    const r = filterTree(tree, 'refund');
    expect(r.map((n) => n.id)).toEqual(['f2']);
    expect(r[0].children[0].id).toBe('f3');
    expect(r[0].children[0].children.map((n) => n.id)).toEqual(['d3']);
  });
  it('matches by doc id', () => {
    const r = filterTree(tree, 'D2');
    expect(r[0].children.map((n) => n.id)).toEqual(['d2']);
  });
  it('keeps a whole matching folder', () => {
    const r = filterTree(tree, 'orders');
    expect(r[0].children[0].children).toHaveLength(1);
  });
  it('returns nothing when nothing matches', () => {
    expect(filterTree(tree, 'zzz')).toEqual([]);
  });
  it('filters 10,000 docs by URL', () => {
    const big = [
      node(
        'root',
        'Root',
        { isFolder: 1 },
        Array.from({ length: 10_000 }, (_, i) => node(`d${i}`, `Doc ${i}`, { url: `/p/${i}` })),
      ),
    ];
    // (How fast is a benchmark's business, not a test's: timing assertions fail on a loaded machine.)
    const r = filterTree(big, '/p/999');
    expect(r[0].children.map((n) => n.id)).toEqual([
      'd999',
      'd9990',
      'd9991',
      'd9992',
      'd9993',
      'd9994',
      'd9995',
      'd9996',
      'd9997',
      'd9998',
      'd9999',
    ]);
  });
});

describe('tree helpers', () => {
  it('lists branch keys, finds nodes, ancestors and counts docs', () => {
    expect(branchKeys(tree)).toEqual(['f1', 'f2', 'f3']);
    expect(findNode(tree, 'd3')?.label).toBe('Create refund');
    expect(ancestorIds(tree, 'd3')).toEqual(['f2', 'f3']);
    expect(ancestorIds(tree, 'nope')).toEqual([]);
    expect(countDocs(tree)).toBe(3);
  });
});
