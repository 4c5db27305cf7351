import { DocType, type TreeNode } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { docCount, readerLabel, splitMatch } from './tree-label';

const doc = (name: string, url = '/v1/customers/{customer}') =>
  ({ id: name, name, label: name, url, isFolder: 0, docType: DocType.HTTP, children: [] }) as unknown as TreeNode;

describe('tree labels', () => {
  it('shows the path instead of a bare operationId, and the name otherwise', () => {
    expect(readerLabel(doc('GetCustomersCustomerBalanceTransactionsTransaction'))).toBe('/v1/customers/{customer}');
    expect(readerLabel(doc('get_customer'))).toBe('/v1/customers/{customer}');
    expect(readerLabel(doc('Retrieve a customer'))).toBe('Retrieve a customer');
    expect(readerLabel(doc('login'))).toBe('login');
    expect(readerLabel(doc('创建订单'))).toBe('创建订单');
    expect(readerLabel({ ...doc('GetCustomers'), isFolder: 1 })).toBe('GetCustomers');
  });

  it('counts the docs a (filtered) folder shows and splits a label around the match', () => {
    const folder = { isFolder: 1, children: [doc('a'), { isFolder: 1, children: [doc('b'), doc('c')] }] } as unknown as TreeNode;
    expect(docCount(folder)).toBe(3);
    expect(splitMatch('/v1/Customers', 'cust')).toEqual(['/v1/', 'Cust', 'omers']);
    expect(splitMatch('abc', 'x')).toBeNull();
  });
});
