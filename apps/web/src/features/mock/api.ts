/**
 * Calls of a doc's mock rules. The mock routes do not declare answer schemas in packages/shared yet, so the
 * rule's shape is written here, once. Saving and deleting refresh the doc's rule list; their errors toast.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** A name/value pair of a rule (request data to match, response headers). */
export interface MockPair {
  name: string;
  value: string;
}

/** A mock rule as listed, with its public URL. */
export interface MockRule {
  id: string;
  docId: string;
  name: string;
  path: string;
  isDefault: number;
  requestDataType: number;
  dataKv: MockPair[];
  dataJson: string;
  httpStatus: number;
  delayMills: number;
  responseHeaders: MockPair[];
  resultType: number;
  responseBody: string;
  mockScript: string;
  remark: string;
  url: string;
}

/** Body of a save: a new rule (no id) or a change. */
export type MockRuleInput = Omit<MockRule, 'id' | 'docId' | 'isDefault' | 'url'> & { id?: string };

/** What the server's sandbox made of a body or script. */
export interface MockPreview {
  ok: boolean;
  body: string;
  error: string;
}

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
  api.post<MockPreview>('doc/mock/preview', body);
