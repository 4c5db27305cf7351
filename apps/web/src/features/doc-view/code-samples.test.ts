import type { DocParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { sampleRequest } from './code-samples';

const p = (name: string, example = '', required = 0): DocParam =>
  ({ name, type: 'string', example, required, maxLength: '', description: '', orderIndex: 0, children: [] }) as DocParam;

describe('the request a code sample shows', () => {
  it('fills path examples, keeps required and exemplified query params, sends the JSON body with its type', () => {
    const r = sampleRequest(
      {
        httpMethod: 'post',
        url: '/orders/{id}',
        contentType: 'application/json',
        pathParams: [p('id', '7')],
        queryParams: [p('expand'), p('lang', 'en'), p('v', '', 1)],
      },
      [p('X-Token', 'abc')],
      [],
      'https://api.example.com/',
      '{"a":1}',
    );
    expect(r).toEqual({
      method: 'POST',
      url: 'https://api.example.com/orders/7',
      headers: [
        { name: 'X-Token', value: 'abc' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      queryString: [
        { name: 'lang', value: 'en' },
        { name: 'v', value: '' },
      ],
      postData: { mimeType: 'application/json', text: '{"a":1}' },
    });
  });

  it('sends form-encoded bodies as fields', () => {
    const r = sampleRequest(
      { httpMethod: 'POST', url: '/v1/customers', contentType: 'application/x-www-form-urlencoded', pathParams: [], queryParams: [] },
      [],
      [p('email', 'a@b.c'), p('name')],
      '',
      '',
    );
    expect(r.postData).toEqual({ mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'email', value: 'a@b.c' }] });
    expect(r.url).toBe('/v1/customers');
  });

  it('writes a query array as its spec’s style and explode say (as the debug console sends it)', () => {
    const arr = (name: string, example: string) => ({ ...p(name, example), type: 'array[string]' });
    const r = sampleRequest(
      {
        httpMethod: 'GET',
        url: '/search',
        contentType: '',
        pathParams: [],
        queryParams: [arr('ids', '["a","b"]'), arr('tags', '["x","y"]'), arr('raw', '["m","n"]')],
        paramStyles: [
          { in: 'query', name: 'ids', style: 'form', explode: true },
          { in: 'query', name: 'tags', style: 'pipeDelimited', explode: false },
        ],
      },
      [],
      [],
      '',
      '',
    );
    expect(r.queryString).toEqual([
      { name: 'ids', value: 'a' },
      { name: 'ids', value: 'b' },
      { name: 'tags', value: 'x|y' },
      // Without a style (a Torna push): the example as it is.
      { name: 'raw', value: '["m","n"]' },
    ]);
  });
});
