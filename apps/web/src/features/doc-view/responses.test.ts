import { isHttpStatus, responseStatuses, writtenResponse } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { splitResponses } from './responses';

describe('responses per status', () => {
  it('shows a spec’s statuses as tabs, the first success holding the body, and keeps business codes as error codes', () => {
    const own = [
      { code: '201', msg: 'created', solution: '' },
      { code: '404', msg: 'no such pet', solution: '' },
      { code: 'default', msg: 'Error response.', solution: '' },
      { code: 'E_STOCK', msg: 'out of stock', solution: 'retry' },
    ];
    const app = { code: '1001', msg: 'app code', solution: '' };
    const { tabs, codes } = splitResponses(own, [...own, app]);
    expect(tabs).toEqual([
      { code: '201', description: 'created', success: true },
      { code: '404', description: 'no such pet', success: false },
      { code: 'default', description: 'Error response.', success: false },
    ]);
    expect(codes.map((c) => c.code)).toEqual(['E_STOCK', '1001']);
  });

  it('leaves docs without HTTP statuses as they were (all codes are error codes)', () => {
    const own = [{ code: '10001', msg: 'bad', solution: '' }];
    expect(splitResponses(own, own)).toEqual({ tabs: [], codes: own });
    expect(['200', '2XX', '5xx', 'default'].every(isHttpStatus)).toBe(true);
    expect(['600', '20', 'E1', '1001'].some(isHttpStatus)).toBe(false);
  });

  it('gives a doc imported with its responses a tab per documented status, each with its own body', () => {
    const own = [
      { code: '200', msg: 'ok', solution: '' },
      { code: '400', msg: 'Bad Request', solution: '' },
      { code: 'E_STOCK', msg: 'out of stock', solution: '' },
    ];
    const r = (status: string, main: number) => ({
      status,
      description: status === '200' ? 'ok' : 'Bad Request',
      contentType: main ? 'application/json' : 'application/problem+json',
      params: main
        ? []
        : [{ name: 'title', type: 'string', required: 0, maxLength: '', example: '', description: '', orderIndex: 0, children: [] }],
      isArray: 0,
      arrayType: '',
      headers: [],
      examples: [],
      main,
    });
    const documented = [r('200', 1), r('400', 0)];
    const { tabs, codes } = splitResponses(own, own, documented);
    expect(tabs.map((x) => [x.code, x.success, x.response?.contentType])).toEqual([
      ['200', true, 'application/json'],
      ['400', false, 'application/problem+json'],
    ]);
    expect(codes.map((c) => c.code)).toEqual(['E_STOCK']);
  });

  it('gives a doc written in Folio its HTTP-status codes as tabs, each with the examples written for it', () => {
    const own = [
      { code: '400', msg: 'Bad Request', solution: '' },
      { code: '404', msg: 'Not found', solution: '' },
      { code: 'E_STOCK', msg: 'out of stock', solution: '' },
    ];
    const written = (status: string, summary: string) =>
      writtenResponse(status, [{ name: summary.toLowerCase(), summary, value: '{}', origin: 'folio' }]);
    // Examples for 404 and for the success status, which has no code: 400 keeps its tab without examples.
    const { tabs, codes } = splitResponses(own, own, [written('404', 'Missing'), written('200', 'Found')]);
    expect(tabs.map((x) => [x.code, x.description, x.success, x.response?.examples[0].summary])).toEqual([
      ['200', '', true, 'Found'],
      ['400', 'Bad Request', false, undefined],
      ['404', 'Not found', false, 'Missing'],
    ]);
    expect(codes.map((c) => c.code)).toEqual(['E_STOCK']);
  });

  it('lists the same statuses as the exports: a stored response without a code, and a code without a stored response', () => {
    // Imported with 200 and 400; the 400 code was deleted before deletes took responses along; 409 added in the form.
    const own = [
      { code: '200', msg: 'ok', solution: '' },
      { code: '409', msg: 'Already shipped', solution: '' },
      { code: 'E_STOCK', msg: 'out of stock', solution: '' },
    ];
    const documented = [
      { ...writtenResponse('200', []), main: 1 },
      { ...writtenResponse('400', []), description: 'Bad Request' },
    ];
    const { tabs, codes } = splitResponses(own, own, documented);
    expect(tabs.map((x) => [x.code, x.description, x.success, !!x.response])).toEqual([
      ['200', 'ok', true, true],
      ['400', 'Bad Request', false, true],
      ['409', 'Already shipped', false, false],
    ]);
    expect(codes.map((c) => c.code)).toEqual(['E_STOCK']);
    expect(tabs.map((x) => x.code)).toEqual(responseStatuses(documented, ['200', '409', 'E_STOCK']));
  });

  it('lists a stored response at a business code in the error codes with its examples, never as a tab', () => {
    const own = [
      { code: '200', msg: 'ok', solution: '' },
      { code: 'E1001', msg: 'Out of stock', solution: 'Order fewer' },
    ];
    const documented = [
      { ...writtenResponse('200', []), main: 1 },
      writtenResponse('E1001', [{ name: 'stock', summary: '', value: '{"error": "E1001"}' }]),
      { ...writtenResponse('foo', []), description: 'A foo' },
    ];
    const { tabs, codes } = splitResponses(own, own, documented);
    expect(tabs.map((x) => x.code)).toEqual(['200']);
    expect(codes.map((c) => [c.code, c.msg, c.solution, c.examples?.length ?? 0])).toEqual([
      ['E1001', 'Out of stock', 'Order fewer', 1],
      ['foo', 'A foo', '', 0],
    ]);
  });
});
