import type { DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { hasLongDescription } from './param-view-model';

const param = (name: string, description: string, children: DocParam[] = []) => ({ name, description, children }) as unknown as DocParam;

describe('the parameter table layout', () => {
  it('stacks descriptions when one is long, however deep (Stripe, GitHub); short ones keep their column (Torna)', () => {
    const stripe =
      "Customer's email address. It's displayed alongside the customer in your dashboard and can be useful for searching and tracking. This may be up to *512 characters*.";
    expect(hasLongDescription([param('email', stripe)])).toBe(true);
    expect(hasLongDescription([param('id', '用户ID'), param('address', 'The address', [param('line1', stripe)])])).toBe(true);
    expect(hasLongDescription([param('id', '用户ID'), param('state', '用户状态<br>1: 正常<br>2: <b>禁用</b>')])).toBe(false);
    expect(hasLongDescription([])).toBe(false);
  });
});
