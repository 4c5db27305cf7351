import { describe, expect, it } from 'vitest';
import { errorCodeResponses, isHttpStatus, responseKey, responseStatuses, writtenResponse } from './responses.js';

describe('which statuses are responses', () => {
  it('an OpenAPI response key is a 3-digit status, a range or default, written as OpenAPI writes it', () => {
    expect(['200', '404', '2xx', '5XX', 'Default', ' 201 '].map(responseKey)).toEqual(['200', '404', '2XX', '5XX', 'default', '201']);
    expect(['E1001', 'foo', '10001', '600', '20', '2x'].map(responseKey)).toEqual(Array(6).fill(undefined));
    expect(isHttpStatus('4xx')).toBe(true);
    expect(isHttpStatus('E1001')).toBe(false);
  });

  it('a stored response at a business code is an error code, not a response status; a range is listed once', () => {
    const stored = [
      { ...writtenResponse('200', []), main: 1 },
      writtenResponse('E1001', [{ name: 'stock', summary: '', value: '{}' }]),
      writtenResponse('2xx', []),
      writtenResponse('foo', []),
    ];
    expect(responseStatuses(stored, ['200', '2XX', 'E1001', 'default'])).toEqual(['200', '2xx', 'default']);
    expect(errorCodeResponses(stored).map((r) => r.status)).toEqual(['E1001', 'foo']);
  });
});
