import { type DocParam, DocType } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { withApplicationCodes } from './error-codes';

const code = (name: string, description: string, example = ''): DocParam => ({
  name,
  type: 'string',
  example,
  children: [],
  required: 0,
  maxLength: '',
  description,
  orderIndex: 0,
});

describe('withApplicationCodes', () => {
  const own = [{ code: '400', msg: 'bad input', solution: 'fix the body' }];
  const app = [code('10001', 'token error', 'send a token'), code('400', 'generic bad request')];

  it("lists the doc's own codes first, then the application's, without repeating a code", () => {
    expect(withApplicationCodes({ type: DocType.HTTP, errorCodeParams: own, globalErrorCodes: app })).toEqual([
      { code: '400', msg: 'bad input', solution: 'fix the body' },
      { code: '10001', msg: 'token error', solution: 'send a token' },
    ]);
  });

  it('shows only the application codes when the doc has none', () => {
    expect(withApplicationCodes({ type: DocType.HTTP, errorCodeParams: [], globalErrorCodes: app }).map((c) => c.code)).toEqual([
      '10001',
      '400',
    ]);
  });

  it('keeps other doc types to their own codes', () => {
    expect(withApplicationCodes({ type: DocType.DUBBO, errorCodeParams: own, globalErrorCodes: app })).toEqual(own);
    expect(withApplicationCodes({ type: DocType.HTTP, errorCodeParams: own })).toEqual(own);
  });
});
