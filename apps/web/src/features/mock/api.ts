/**
 * Calls of a doc's mock rules, typed by packages/shared/src/schemas/mock.ts. Saving and deleting refresh the
 * doc's rule list; their errors toast.
 */
import type { MockNameValue, MockPreviewResult, MockRuleView } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** A name/value pair of a rule (request data to match, response headers). */
export type MockPair = MockNameValue;

/** A mock rule as listed, with its public URLs (packages/shared/src/schemas/mock.ts). */
export type MockRule = MockRuleView;

/** Body of a save: a new rule (no id) or a change. */
export type MockRuleInput = Pick<
  MockRule,
  | 'name'
  | 'path'
  | 'requestDataType'
  | 'dataKv'
  | 'dataJson'
  | 'httpStatus'
  | 'delayMills'
  | 'responseHeaders'
  | 'resultType'
  | 'responseBody'
  | 'mockScript'
  | 'remark'
> & { id?: string };

/** What the server's sandbox made of a body or script. */
export type MockPreview = MockPreviewResult;

const rulesKey = (docId: string) => ['mockRules', docId];
const refresh = (docId: string) => {
  void queryClient.invalidateQueries({ queryKey: rulesKey(docId) });
};

/** A doc's mock rules. */
export const useMockRulesQuery = (docId: string) =>
  useQuery({ queryKey: rulesKey(docId), queryFn: () => api.get<MockRule[]>('doc/mock/list', { docId }) });

/** Adds or changes a rule; answers its id. */
export const useSaveMockRuleMutation = (docId: string) =>
  useMutation({
    mutationFn: (rule: MockRuleInput) => api.post<{ id: string }>('doc/mock/save', { ...rule, docId }),
    onSuccess: () => refresh(docId),
  });

/** Deletes a rule. */
export const useDeleteMockRuleMutation = (docId: string) =>
  useMutation({ mutationFn: (id: string) => api.post<unknown>('doc/mock/delete', { id }), onSuccess: () => refresh(docId) });

/** Runs a fixed body or a script in the server's sandbox, without saving. */
export const previewMock = (body: { docId: string; resultType: number; responseBody: string; mockScript: string; path: string }) =>
  api.post<MockPreviewResult>('doc/mock/preview', body);
