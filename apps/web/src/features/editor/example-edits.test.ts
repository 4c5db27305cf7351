import type { DocParam, DocSpecExtras } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { duplicateNames, exampleErrors, exampleGroups, jsonProblem, newExample, withGroupExamples } from './example-edits';

const param = (name: string): DocParam => ({
  name,
  type: 'string',
  required: 1,
  maxLength: '',
  example: '',
  description: '',
  orderIndex: 0,
  children: [],
});

const extras: DocSpecExtras = {
  requestExamples: [{ name: 'card', summary: 'Card Payment', value: '{"amount": 1}' }],
  responses: [
    {
      status: '200',
      description: 'OK',
      contentType: 'application/json',
      params: [],
      isArray: 0,
      arrayType: '',
      headers: [],
      examples: [{ name: 'ok', summary: '', value: '{"id": 1}' }],
      main: 1,
    },
    {
      status: '201',
      description: 'Created',
      contentType: 'application/json',
      params: [],
      isArray: 0,
      arrayType: '',
      headers: [],
      examples: [],
      main: 0,
      sameAs: '200',
    },
    {
      status: '400',
      description: 'Bad request',
      contentType: 'application/problem+json',
      params: [param('title')],
      isArray: 0,
      arrayType: '',
      headers: [],
      examples: [{ name: 'bad', summary: 'Bad', value: '{"title": "x"}' }],
      main: 0,
    },
  ],
  paramExamples: [{ in: 'query', name: 'page.size', examples: [{ name: 'small', summary: '', value: '10' }] }],
  paramStyles: [{ in: 'query', name: 'ids', style: 'form', explode: false }],
};

describe('the editor’s examples', () => {
  it('are grouped as the reader sees them, each checked against the right parameters', () => {
    const groups = exampleGroups(extras, true);
    expect(groups.map((g) => g.key)).toEqual(['request', 'response:0', 'response:1', 'response:2', 'param:0']);
    expect(groups.map((g) => g.status ?? g.name ?? '')).toEqual(['', '200', '201', '400', 'page.size']);
    // The main status and one sharing its body are checked against the response being edited; 400 against its own body.
    expect(groups.map((g) => (Array.isArray(g.fit) ? g.fit.map((p) => p.name).join() : g.fit))).toEqual([
      'request',
      'response',
      'response',
      'title',
      null,
    ]);
    // No body and no request examples: no request group.
    expect(exampleGroups({ ...extras, requestExamples: [] }, false).map((g) => g.key)[0]).toBe('response:0');
  });

  it('change one group and leave everything else of the extras as it was', () => {
    const renamed = [{ name: 'card', summary: 'Card', value: '{"amount": 2}' }];
    expect(withGroupExamples(extras, { kind: 'request' }, renamed)).toEqual({ ...extras, requestExamples: renamed });
    const next = withGroupExamples(extras, { kind: 'response', index: 2 }, []);
    expect(next.responses?.map((r) => r.examples.length)).toEqual([1, 0, 0]);
    expect(next.responses?.[2]).toEqual({ ...extras.responses?.[2], examples: [] });
    expect(next.paramStyles).toBe(extras.paramStyles);
    const param0 = withGroupExamples(extras, { kind: 'param', index: 0 }, [{ name: 'big', summary: '', value: '100' }]);
    expect(param0.paramExamples).toEqual([{ in: 'query', name: 'page.size', examples: [{ name: 'big', summary: '', value: '100' }] }]);
  });

  it('refuse JSON that does not parse and names taken twice; text that is not JSON is kept as text', () => {
    expect(jsonProblem('{"a": 1}')).toBeNull();
    expect(jsonProblem('  [1, 2]')).toBeNull();
    expect(jsonProblem('plain text')).toBeNull();
    expect(jsonProblem('10')).toBeNull();
    expect(jsonProblem('{"a": }')).toMatch(/JSON|Unexpected/);
    expect([...duplicateNames([newExample([]), { name: 'x', summary: '', value: '' }, { name: 'x', summary: '', value: '' }])]).toEqual([
      2,
    ]);
    const broken = withGroupExamples(extras, { kind: 'response', index: 2 }, [
      { name: 'bad', summary: '', value: '{"title": ' },
      { name: 'bad', summary: '', value: '{}' },
    ]);
    const errors = exampleErrors(exampleGroups(broken, true));
    expect(errors.map((e) => [e.group.key, e.index, e.problem])).toEqual([
      ['response:2', 0, 'json'],
      ['response:2', 1, 'duplicate'],
    ]);
    expect(exampleErrors(exampleGroups(extras, true))).toEqual([]);
  });

  it('name a new example with the first free name', () => {
    expect(newExample([])).toEqual({ name: 'example', summary: '', value: '{}' });
    expect(
      newExample([
        { name: 'example', summary: '', value: '' },
        { name: 'example2', summary: '', value: '' },
      ]).name,
    ).toBe('example3');
  });
});
