/**
 * Calls of the dictionaries feature (an application's enum infos and their items), typed by the contracts in
 * packages/shared/src/schemas/dictionaries.ts. Mutations are silent: their callers (the dialogs' forms,
 * confirmAction) show the error.
 */
import type { DictionaryBase, DictionaryItem, DictionaryItemSaveInput, DictionarySaveInput } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { DictionaryBase, DictionaryItem } from '@folio/shared';

const dictionariesKey = (moduleId?: string) => ['enums', moduleId];
const itemsKey = (enumId?: string) => ['enumItems', enumId];

/** Dictionaries of an application (the management panel and the editors' enum links). */
export const useDictionariesQuery = (moduleId?: string) =>
  useQuery({
    queryKey: dictionariesKey(moduleId),
    queryFn: () => api.get<DictionaryBase[]>('doc/enum/info/baselist', { moduleId }),
    enabled: !!moduleId,
  });

/** The items of a dictionary. */
export const useDictionaryItemsQuery = (enumId?: string) =>
  useQuery({
    queryKey: itemsKey(enumId),
    queryFn: () => api.get<DictionaryItem[]>('doc/enum/item/list', { enumId }),
    enabled: !!enumId,
  });

/** Creates a dictionary (no id) or renames one; answers its id. */
export const useSaveDictionaryMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (body: Omit<DictionarySaveInput, 'moduleId'>) =>
      api.post<{ id: string }>('doc/enum/info/save', { ...body, moduleId } satisfies DictionarySaveInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionariesKey(moduleId) }),
    meta: { silent: true },
  });

/** Deletes a dictionary. */
export const useDeleteDictionaryMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('doc/enum/info/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionariesKey(moduleId) }),
    meta: { silent: true },
  });

/** Adds an item to a dictionary (no id) or edits one. */
export const useSaveDictionaryItemMutation = (enumId?: string) =>
  useMutation({
    mutationFn: (body: Omit<DictionaryItemSaveInput, 'enumId'>) =>
      api.post<{ id: string }>('doc/enum/item/save', { ...body, enumId: enumId ?? '' } satisfies DictionaryItemSaveInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey(enumId) }),
    meta: { silent: true },
  });

/** Deletes an item of a dictionary. */
export const useDeleteDictionaryItemMutation = (enumId?: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('doc/enum/item/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey(enumId) }),
    meta: { silent: true },
  });
