import { describe, expect, it } from 'vitest';
import { type ComposeRow, nestComposeRows } from './compose-rows';

const row = (id: string, parentId: string, orderIndex: number, isFolder = 0): ComposeRow => ({
  id,
  parentId,
  docId: isFolder ? '' : `d-${id}`,
  isFolder,
  folderName: isFolder ? `F${id}` : '',
  name: id,
  url: '',
  httpMethod: '',
  origin: '',
  orderIndex,
  missing: false,
});

describe('nestComposeRows', () => {
  it('nests rows under their folders in their own order', () => {
    const tree = nestComposeRows([row('b', '', 20), row('f', '', 10, 1), row('x', 'f', 30), row('y', 'f', 5)]);
    expect(tree.map((r) => r.id)).toEqual(['f', 'b']);
    expect(tree[0].children?.map((r) => r.id)).toEqual(['y', 'x']);
    expect(tree[1].children).toBeUndefined();
  });
});
