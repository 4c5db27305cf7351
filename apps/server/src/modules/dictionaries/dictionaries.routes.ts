/**
 * Dictionaries (enum info and items) of an application. Each route declares the action and the resource it
 * acts on (the application, a dictionary or an item, which live in their application); the preHandler
 * authorises, the service does the rest. Contracts: packages/shared/src/schemas/dictionaries.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DictionaryBaseSchema,
  DictionaryItemSaveBody,
  DictionaryItemSchema,
  DictionaryItemsQuery,
  DictionaryListQuery,
  DictionarySaveBody,
  IdInput,
  SavedIdSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { type Access, accessOf } from '../../permissions/declared.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as dictionaries from './dictionaries.service.js';

/** The application a dictionary or item lives in (the preHandler found it). */
function moduleOf(a: Access): number {
  if (!a.moduleId) throw new Error('a dictionary resource resolves to its application');
  return a.moduleId;
}

export const dictionariesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;

  app.get(
    '/doc/enum/info/baselist',
    {
      config: { action: 'doc.read', resource: { kind: 'module', from: 'query.moduleId' } },
      schema: {
        tags: ['dictionary'],
        summary: "An application's dictionaries",
        querystring: DictionaryListQuery,
        response: okResponse(Type.Array(DictionaryBaseSchema)),
      },
    },
    async (req) => ok(await dictionaries.listDictionaries(ctx, accessOf(req).id)),
  );

  app.get(
    '/doc/enum/item/list',
    {
      config: { action: 'doc.read', resource: { kind: 'dictionary', from: 'query.enumId' } },
      schema: {
        tags: ['dictionary'],
        summary: 'The items of a dictionary',
        querystring: DictionaryItemsQuery,
        response: okResponse(Type.Array(DictionaryItemSchema)),
      },
    },
    async (req) => ok(await dictionaries.listDictionaryItems(ctx, accessOf(req).id)),
  );

  app.post(
    '/doc/enum/info/save',
    {
      config: { action: 'dictionary.update', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: {
        tags: ['dictionary'],
        summary: 'Create a dictionary (with items) or rename one',
        body: DictionarySaveBody,
        response: okResponse(SavedIdSchema),
      },
    },
    async (req) => ok({ id: ids.encode(await dictionaries.saveDictionary(ctx, accessOf(req).id, req.body)) }),
  );

  app.post(
    '/doc/enum/info/delete',
    {
      config: { action: 'dictionary.update', resource: { kind: 'dictionary', from: 'body.id' } },
      schema: { tags: ['dictionary'], summary: 'Delete a dictionary', body: IdInput, response: okNull },
    },
    async (req) => {
      const a = accessOf(req);
      await dictionaries.deleteDictionary(ctx, moduleOf(a), a.id);
      return ok(null);
    },
  );

  app.post(
    '/doc/enum/item/save',
    {
      config: { action: 'dictionary.update', resource: { kind: 'dictionary', from: 'body.enumId' } },
      schema: {
        tags: ['dictionary'],
        summary: 'Add an item to a dictionary or edit one',
        body: DictionaryItemSaveBody,
        response: okResponse(SavedIdSchema),
      },
    },
    async (req) => {
      const a = accessOf(req);
      return ok({ id: ids.encode(await dictionaries.saveDictionaryItem(ctx, moduleOf(a), a.id, req.body)) });
    },
  );

  app.post(
    '/doc/enum/item/delete',
    {
      config: { action: 'dictionary.update', resource: { kind: 'dictionaryItem', from: 'body.id' } },
      schema: { tags: ['dictionary'], summary: 'Delete an item of a dictionary', body: IdInput, response: okNull },
    },
    async (req) => {
      const a = accessOf(req);
      await dictionaries.deleteDictionaryItem(ctx, moduleOf(a), a.id);
      return ok(null);
    },
  );
};
