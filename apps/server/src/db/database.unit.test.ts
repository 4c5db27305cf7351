import { describe, expect, it } from 'vitest';
import { chunkRows } from './database.js';

describe('chunkRows', () => {
  it('keeps multi-row statements under the row and size limits, a huge row alone', () => {
    const small = Array.from({ length: 450 }, (_, i) => ({ id: i, name: 'x' }));
    expect(chunkRows(small, 200).map((c) => c.length)).toEqual([200, 200, 50]);
    const big = 'y'.repeat(1_500_000);
    const rows = [{ t: big }, { t: big }, { t: big }, { t: 'z'.repeat(9_000_000) }, { t: 'a' }];
    const chunks = chunkRows(rows, 100);
    expect(chunks.map((c) => c.length)).toEqual([2, 1, 1, 1]);
    expect(chunks.flat()).toEqual(rows);
  });
});
