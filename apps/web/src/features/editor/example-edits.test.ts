import { type DocParam, type DocSpecExtras, writtenResponse } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fromDocParams } from '../../lib/param-tree';
import type { DocParamsState } from './doc-form';
import {
  duplicateNames,
  exampleErrors,
  exampleGroups,
  isRpcAnswer,
  jsonProblem,
  newExample,
  paramExamplesInStep,
  withGroupExamples,
  withoutResponse,
} from './example-edits';

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
    expect(groups.map((g) => g.key)).toEqual(['request', 'response:200', 'response:201', 'response:400', 'param:query:page.size']);
    expect(groups.map((g) => g.status ?? g.name ?? '')).toEqual(['', '200', '201', '400', 'page.size']);
    // The main status and one sharing its body are checked against the response being edited; 400 against its own body.
    expect(groups.map((g) => (Array.isArray(g.fit) ? g.fit.map((p) => p.name).join() : g.fit))).toEqual([
      'request',
      'response',
      'response',
      'title',
      null,
    ]);
    // A code added in the form to the imported doc: a group after the spec's statuses, as the reader's tab.
    expect(exampleGroups(extras, true, ['400', '409']).map((g) => [g.key, g.fit])).toEqual([
      ['request', 'request'],
      ['response:200', 'response'],
      ['response:201', 'response'],
      ['response:400', extras.responses?.[2].params],
      ['response:409', null],
      ['param:query:page.size', null],
    ]);
    // No body and no request examples: no request group.
    expect(exampleGroups({ ...extras, requestExamples: [] }, false).map((g) => g.key)[0]).toBe('response:200');
  });

  it('change one group and leave everything else of the extras as it was', () => {
    const renamed = [{ name: 'card', summary: 'Card', value: '{"amount": 2}' }];
    expect(withGroupExamples(extras, { kind: 'request' }, renamed)).toEqual({ ...extras, requestExamples: renamed });
    const next = withGroupExamples(extras, { kind: 'response', status: '400' }, []);
    expect(next.responses?.map((r) => r.examples.length)).toEqual([1, 0, 0]);
    expect(next.responses?.[2]).toEqual({ ...extras.responses?.[2], examples: [] });
    expect(next.paramStyles).toBe(extras.paramStyles);
    const param0 = withGroupExamples(extras, { kind: 'param', in: 'query', name: 'page.size' }, [
      { name: 'big', summary: '', value: '100' },
    ]);
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
    const broken = withGroupExamples(extras, { kind: 'response', status: '400' }, [
      { name: 'bad', summary: '', value: '{"title": ' },
      { name: 'bad', summary: '', value: '{}' },
    ]);
    const errors = exampleErrors(exampleGroups(broken, true));
    expect(errors.map((e) => [e.group.key, e.index, e.problem])).toEqual([
      ['response:400', 0, 'json'],
      ['response:400', 1, 'duplicate'],
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

  it('give a doc without imported responses a group per HTTP-status code and its success status, added when used', () => {
    // A hand-made doc: no extras yet, codes 400 and 404 in its error-code table.
    const groups = exampleGroups({}, true, ['400', '404']);
    expect(groups.map((g) => [g.key, Array.isArray(g.fit) ? 'own' : g.fit])).toEqual([
      ['request', 'request'],
      ['response:200', 'response'],
      ['response:400', null],
      ['response:404', null],
    ]);
    // A 201 code is the success status: no 200 is added.
    expect(exampleGroups({}, false, ['201', '404']).map((g) => [g.key, g.fit])).toEqual([
      ['response:201', 'response'],
      ['response:404', null],
    ]);
    const one = [{ name: 'missing', summary: 'Missing', value: '{"error": "x"}' }];
    const added = withGroupExamples({}, { kind: 'response', status: '404' }, one);
    expect(added.responses).toEqual([
      { status: '404', description: '', contentType: '', params: [], isArray: 0, arrayType: '', headers: [], examples: one, main: 0 },
    ]);
    expect(exampleGroups(added, false, ['400', '404']).find((g) => g.key === 'response:404')?.examples).toEqual(one);
    // Its last example removed, the status the editor added goes again; an imported one stays.
    expect(withGroupExamples(added, { kind: 'response', status: '404' }, []).responses).toEqual([]);
    expect(withGroupExamples(extras, { kind: 'response', status: '400' }, []).responses).toHaveLength(3);
  });

  it('give every parameter of the tables a group, so one without a spec’s examples can get some', () => {
    const table = [
      { in: 'header', name: 'X-Id', example: 'a-1' },
      { in: 'query', name: 'page.size', example: '10' },
    ];
    const groups = exampleGroups(extras, false, [], table).filter((g) => g.ref.kind === 'param');
    expect(groups.map((g) => [g.key, g.examples.length, g.start])).toEqual([
      ['param:query:page.size', 1, ''],
      ['param:header:X-Id', 0, 'a-1'],
    ]);
    // Its first example starts as the parameter's example; added, the parameter gets an entry; all removed, it goes.
    const first = newExample([], groups[1].start);
    expect(first).toEqual({ name: 'example', summary: '', value: 'a-1' });
    const added = withGroupExamples(extras, groups[1].ref, [first]);
    expect(added.paramExamples).toEqual([...(extras.paramExamples ?? []), { in: 'header', name: 'X-Id', examples: [first] }]);
    expect(withGroupExamples(added, groups[1].ref, []).paramExamples).toEqual(extras.paramExamples);
    expect(withGroupExamples({}, groups[1].ref, [])).toEqual({});
  });

  it('leave out a status whose code was deleted since loading, as the save drops it', () => {
    expect(exampleGroups(extras, true, ['200', '201'], [], ['400']).map((g) => g.key)).toEqual([
      'request',
      'response:200',
      'response:201',
      'param:query:page.size',
    ]);
    // A hand-made doc's written 404 too; its success status stays listed.
    const one = [{ name: 'missing', summary: '', value: '{}' }];
    const added = withGroupExamples({}, { kind: 'response', status: '404' }, one);
    expect(exampleGroups(added, false, [], [], ['404']).map((g) => g.key)).toEqual(['response:200']);
  });

  it('keep a parameter’s example and its first named example in step, whichever was edited', () => {
    const query = fromDocParams([{ ...param('page.size'), example: '10' }]);
    const state: DocParamsState = {
      headerParams: [],
      pathParams: [],
      queryParams: query,
      requestParams: [],
      responseParams: [],
      errorCodeParams: [],
      specExtras: extras,
      loadedStatuses: [],
    };
    // The first named example edited in the Examples tab: the parameter's example follows.
    const specExtras = withGroupExamples(extras, { kind: 'param', in: 'query', name: 'page.size' }, [
      { name: 'small', summary: '', value: '20' },
      { name: 'big', summary: '', value: '100' },
    ]);
    const named = paramExamplesInStep(state, { ...state, specExtras });
    expect(named.queryParams[0].example).toBe('20');
    // The parameter's example typed in its table: the first named example follows, the others stay.
    const typed = paramExamplesInStep(named, { ...named, queryParams: named.queryParams.map((p) => ({ ...p, example: '30' })) });
    expect(typed.specExtras?.paramExamples?.[0].examples.map((e) => e.value)).toEqual(['30', '100']);
    // A parameter without named examples is left alone.
    const other = paramExamplesInStep(state, { ...state, headerParams: fromDocParams([{ ...param('X-Id'), example: 'a' }]) });
    expect(other.specExtras).toBe(extras);
  });

  it('call a Dubbo method’s only answer the response, without an HTTP status, as the reader shows it', () => {
    const written: DocSpecExtras = { responses: [{ ...extras.responses?.[0], status: '200', main: 0 } as never] };
    // A Dubbo doc (no HTTP-status codes): one answer group, under the success status it is stored at.
    const rpc = exampleGroups(written, true, [], []);
    const answers = rpc.filter((g) => g.ref.kind === 'response');
    expect(answers.map((g) => [g.status, isRpcAnswer(rpc, g, true)])).toEqual([['200', true]]);
    // The same groups of an HTTP doc keep their status; so does a Dubbo doc given several statuses.
    expect(isRpcAnswer(rpc, answers[0], false)).toBe(false);
    const several = exampleGroups(written, true, ['404'], []);
    expect(several.filter((g) => g.ref.kind === 'response').map((g) => isRpcAnswer(several, g, true))).toEqual([false, false]);
  });

  it('give each business code (no HTTP status) a group of its own, as the reader’s error-code table lists it', () => {
    const stock = [{ name: 'stock', summary: 'No stock', value: '{"error": "E1001"}' }];
    // An imported doc with a pushed E1001 example and a pushed 'foo' response that has no code row.
    const pushed: DocSpecExtras = {
      ...extras,
      responses: [
        ...(extras.responses ?? []),
        { ...writtenResponse('E1001', stock), description: 'Out of stock' },
        { ...writtenResponse('foo', []), description: 'A foo' },
      ],
    };
    const groups = exampleGroups(pushed, false, ['200', '201', '400', 'E1001', 'E2002']);
    const responses = groups.filter((g) => g.ref.kind === 'response');
    expect(responses.map((g) => [g.key, Array.isArray(g.fit) ? 'own' : g.fit, g.examples.length])).toEqual([
      ['response:200', 'response', 1],
      ['response:201', 'response', 0],
      ['response:400', 'own', 1],
      ['response:E1001', null, 1],
      ['response:E2002', null, 0],
      ['response:foo', null, 0],
    ]);
    // Added to a code without a response: stored at the code; its last example removed: gone again, imported doc or not.
    const one = [{ name: 'locked', summary: '', value: '{}' }];
    const added = withGroupExamples(pushed, { kind: 'response', status: 'E2002' }, one);
    expect(added.responses?.find((r) => r.status === 'E2002')?.examples).toEqual(one);
    expect(withGroupExamples(added, { kind: 'response', status: 'E2002' }, []).responses).toEqual(pushed.responses);
    // A pushed response that says more than its examples stays.
    expect(withGroupExamples(pushed, { kind: 'response', status: 'E1001' }, []).responses).toHaveLength(5);
    // A Dubbo method's answer is still the only response group among its business codes.
    const rpc = exampleGroups({ responses: [{ ...extras.responses?.[0], status: '200', main: 0 } as never] }, true, ['E1001']);
    expect(rpc.filter((g) => g.ref.kind === 'response').map((g) => [g.status, isRpcAnswer(rpc, g, true)])).toEqual([
      ['200', true],
      ['E1001', false],
    ]);
  });

  it('let a stored business-code response without a code row be removed as a whole; a code with a row is the table’s', () => {
    const retired = [{ name: 'retired', summary: 'Retired sku', value: '{"error": "E1003"}' }];
    // Pushed: E1001 has a row in the error-code table, E1003 is only a response (with a description).
    const pushed: DocSpecExtras = {
      responses: [
        { ...writtenResponse('E1001', []), description: 'Out of stock' },
        { ...writtenResponse('E1003', retired), description: 'Sku retired' },
      ],
    };
    const groups = exampleGroups(pushed, false, ['E1001', 'E2002']).filter((g) => g.ref.kind === 'response');
    expect(groups.map((g) => [g.status, !!g.removable])).toEqual([
      ['200', false],
      ['E1001', false],
      ['E2002', false],
      ['E1003', true],
    ]);
    // Its examples removed, its description keeps it; removed as a whole, it is gone and the rest stays.
    expect(withGroupExamples(pushed, { kind: 'response', status: 'E1003' }, []).responses?.map((r) => r.status)).toEqual([
      'E1001',
      'E1003',
    ]);
    expect(withoutResponse(pushed, 'E1003').responses).toEqual([pushed.responses?.[0]]);
  });
});
