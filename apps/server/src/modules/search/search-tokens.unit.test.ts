import { describe, expect, it } from 'vitest';
import { marksOf, snippetOf } from './search-hits.js';
import { addPath, addText, queryTerms, Weight } from './search-tokens.js';

const terms = (fn: (m: Map<string, number>) => void) => {
  const m = new Map<string, number>();
  fn(m);
  return [...m.keys()].sort();
};

describe('search tokens', () => {
  it('lowercases words, splits camelCase and snake_case, folds plurals', () => {
    expect(terms((m) => addText(m, 'orderId ORDER_NOT_FOUND users', 1))).toEqual(
      ['found', 'id', 'not', 'order', 'order_not_found', 'orderid', 'user', 'users'].sort(),
    );
  });
  it('makes CJK bigrams, and a single CJK character its own term', () => {
    expect(terms((m) => addText(m, '订单管理 单', 1))).toEqual(['单', '单管', '管理', '订单'].sort());
  });
  it('turns path placeholders and numbers into {}', () => {
    expect(terms((m) => addPath(m, 'https://x.test/api/orders/{orderId}/items/:itemId/12', Weight.PATH))).toEqual(
      ['12', 'api', 'item', 'items', 'order', 'orders', '{}'].sort(),
    );
  });
  it('makes query terms: prefixes for words, bigrams for CJK, placeholders in paths', () => {
    expect(queryTerms('GET /orders/{id}')).toEqual([
      { term: 'get', prefix: true },
      { term: 'orders', prefix: false },
      { term: '{}', prefix: false },
    ]);
    expect(queryTerms('orders/12')).toEqual([
      { term: 'orders', prefix: false },
      { term: '{}', prefix: false },
    ]);
    expect(queryTerms('订单管理 create')).toEqual([
      { term: '订单', prefix: false },
      { term: '单管', prefix: false },
      { term: '管理', prefix: false },
      { term: 'create', prefix: true },
    ]);
    expect(queryTerms('a')).toEqual([{ term: 'a', prefix: false }]);
  });
  it('highlights every occurrence without overlaps and cuts a snippet around the first match', () => {
    expect(marksOf('Order orders', ['orders', 'order'])).toEqual([
      [0, 5],
      [6, 12],
    ]);
    const s = snippetOf(`${'x '.repeat(100)}the skuId field`, ['skuid']);
    expect(s.text.startsWith('…')).toBe(true);
    const [a, b] = s.marks[0];
    expect(s.text.slice(a, b)).toBe('skuId');
  });
});
