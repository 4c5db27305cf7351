import { type DocDetail, DocType, NOT_DEPRECATED } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { addParam, importJson, updateParam } from '../../lib/param-tree';
import { docToForm, emptyDoc, formToPayload, missingPathParams } from './doc-form';

const detail = {
  id: 'd1',
  docId: 'd1',
  moduleId: 'm1',
  parentId: 'f1',
  name: 'Get user',
  description: 'desc',
  author: 'ann',
  type: 0,
  url: '/users/{id}',
  version: '',
  identityKey: '',
  definition: '',
  httpMethod: 'GET',
  contentType: 'application/json',
  isFolder: 0,
  isShow: 1,
  orderIndex: 30,
  status: 10,
  deprecated: 'use v2',
  isUseGlobalHeaders: 1,
  isUseGlobalParams: 0,
  isUseGlobalReturns: 1,
  isRequestArray: 0,
  isResponseArray: 1,
  requestArrayType: 'object',
  responseArrayType: 'object',
  dubboInfo: null,
  isLocked: 0,
  modifySource: 1,
  gmtCreate: '',
  gmtModified: '',
  creatorName: '',
  modifierName: '',
  headerParams: [],
  pathParams: [
    { id: 'p1', name: 'id', type: 'number', required: 1, maxLength: '64', example: '1', description: '', orderIndex: 10, children: [] },
  ],
  queryParams: [],
  requestParams: [],
  responseParams: [],
  errorCodeParams: [{ code: '404', msg: 'missing', solution: '' }],
} satisfies DocDetail;

describe('doc editor form', () => {
  it('round-trips a doc into a save payload in push field names', () => {
    const f = docToForm(detail);
    const p = formToPayload({ id: 'd1', moduleId: 'm1', type: DocType.HTTP, values: f.values, params: f.params });
    expect(p).toMatchObject({
      id: 'd1',
      moduleId: 'm1',
      parentId: 'f1',
      name: 'Get user',
      httpMethod: 'GET',
      deprecated: 'use v2',
      isUseGlobalParams: 0,
      isResponseArray: 1,
      orderIndex: 30,
      status: 10,
      errorCodeParams: [{ code: '404', msg: 'missing', solution: '' }],
    });
    expect((p as { pathParams: { id?: string }[] }).pathParams[0].id).toBe('p1');
  });

  it('a deprecated flag without a reason (smart-doc’s `Deprecated`, an import’s 已废弃) leaves the reason field empty', () => {
    for (const flag of ['Deprecated', '已废弃', 'true']) {
      const f = docToForm({ ...detail, deprecated: flag });
      expect(f.values).toMatchObject({ deprecatedOn: true, deprecatedReason: '' });
      const p = formToPayload({ id: 'd1', moduleId: 'm1', type: DocType.HTTP, values: f.values, params: f.params });
      // Sent back in its own words: a save changes nothing the user did not change.
      expect(p.deprecated).toBe(flag);
    }
    // Switched on in the form without a reason: 'true'; with one: the reason.
    const on = docToForm({ ...detail, deprecated: '$false$' });
    const values = { ...on.values, deprecatedOn: true };
    expect(formToPayload({ id: 'd1', moduleId: 'm1', type: DocType.HTTP, values, params: on.params }).deprecated).toBe('true');
    const why = { ...values, deprecatedReason: ' use v2 ' };
    expect(formToPayload({ id: 'd1', moduleId: 'm1', type: DocType.HTTP, values: why, params: on.params }).deprecated).toBe('use v2');
  });

  it('a copy gets a new name, no id, no param ids and no order index', () => {
    const f = docToForm(detail, true, ' (copy)');
    const p = formToPayload({ moduleId: 'm1', type: DocType.HTTP, values: f.values, params: f.params }) as Record<string, unknown>;
    expect(p.id).toBeUndefined();
    expect(p.name).toBe('Get user (copy)');
    expect(p.orderIndex).toBeUndefined();
    expect((p.pathParams as { id?: string }[])[0].id).toBeUndefined();
  });

  it('a new doc is not deprecated and carries nested params from a JSON import', () => {
    const f = emptyDoc(DocType.HTTP, '');
    f.params.requestParams = importJson([], '{"user":{"name":"a"}}', 10000);
    const p = formToPayload({ moduleId: 'm1', type: DocType.HTTP, values: { ...f.values, name: ' New ' }, params: f.params }) as Record<
      string,
      unknown
    >;
    expect(p.deprecated).toBe(NOT_DEPRECATED);
    expect(p.name).toBe('New');
    const req = p.requestParams as { name: string; type: string; children: { name: string }[] }[];
    expect(req[0]).toMatchObject({ name: 'user', type: 'object' });
    expect(req[0].children[0].name).toBe('name');
  });

  it('markdown docs send only the text fields', () => {
    const f = emptyDoc(DocType.MARKDOWN, 'f9');
    const p = formToPayload({
      moduleId: 'm1',
      type: DocType.MARKDOWN,
      values: { ...f.values, name: 'Guide', description: '# Hi' },
      params: f.params,
    }) as Record<string, unknown>;
    expect(p).toMatchObject({ type: 3, description: '# Hi', parentId: 'f9' });
    expect(p.requestParams).toBeUndefined();
  });

  it('a Dubbo doc sends the named examples written for it', () => {
    const f = emptyDoc(DocType.DUBBO, '');
    const requestExamples = [{ name: 'one', summary: '', value: '{"id": 1}' }];
    const p = formToPayload({
      moduleId: 'm1',
      type: DocType.DUBBO,
      values: { ...f.values, name: 'getUser', url: 'UserService.getUser' },
      params: { ...f.params, specExtras: { requestExamples } },
    }) as Record<string, unknown>;
    expect(p).toMatchObject({ type: DocType.DUBBO, requestExamples });
  });

  it('sends an imported doc back as it was: odd names, empty and pushed max lengths, extras', () => {
    const leaf = (name: string, maxLength: string) => ({
      id: `id-${name}`,
      name,
      type: 'string',
      required: 0,
      maxLength,
      example: '',
      description: '',
      orderIndex: 0,
      children: [],
    });
    const imported: DocDetail = {
      ...detail,
      requestParams: [
        { ...leaf('reactions', ''), type: 'object', children: [leaf('+1', '-'), leaf('-1', '-')] },
        leaf('@type', ''),
        leaf('address[city]', '100'),
        leaf('a.b', '-'),
      ],
      requestExamples: [{ name: 'one', summary: 'One', value: '{"@type": "Thing"}' }],
      paramStyles: [{ in: 'query', name: 'filter', style: 'deepObject', explode: true }],
    };
    const f = docToForm(imported);
    const p = formToPayload({ id: 'd1', moduleId: 'm1', type: DocType.HTTP, values: f.values, params: f.params }) as Record<
      string,
      unknown
    >;
    expect(p.requestParams).toEqual(imported.requestParams);
    expect(p).toMatchObject({ requestExamples: imported.requestExamples, paramStyles: imported.paramStyles, responses: [] });
    // A row added in the form gets Torna's 64; the stored rows keep theirs.
    const added = addParam(f.params.requestParams, null, 10000);
    const named = updateParam(added.list, added.key, { name: 'note' });
    const q = formToPayload({
      id: 'd1',
      moduleId: 'm1',
      type: DocType.HTTP,
      values: f.values,
      params: { ...f.params, requestParams: named },
    }) as {
      requestParams: { name: string; maxLength: string }[];
    };
    expect(q.requestParams.map((x) => [x.name, x.maxLength])).toEqual([
      ['reactions', ''],
      ['@type', ''],
      ['address[city]', '100'],
      ['a.b', '-'],
      ['note', '64'],
    ]);
  });

  it('finds path variables missing from the path table', () => {
    expect(missingPathParams('/a/{id}/b/{sub}', docToForm(detail).params.pathParams)).toEqual(['sub']);
  });
});
