/** Dictionaries (enum info and items) of an application: requests and answers of /api/doc/enum/*. */
import { type Static, Type } from 'typebox';
import { IdString, NameString, OptionalIdString } from './common.js';

/** The fields of an item as a form or a dictionary save sends them. */
const ItemFields = {
  name: NameString(255),
  type: Type.Optional(Type.String({ maxLength: 64, description: "string, number, boolean…; '' or absent: string" })),
  value: Type.Optional(Type.String({ maxLength: 1024 })),
  description: Type.Optional(Type.String({ maxLength: 16000 })),
};

/** Query of GET /api/doc/enum/info/baselist. */
export const DictionaryListQuery = Type.Object({ moduleId: IdString });
/** A dictionary as the list shows it. */
export const DictionaryBaseSchema = Type.Object({ id: IdString, name: Type.String(), description: Type.String(), moduleId: IdString });
export type DictionaryBase = Static<typeof DictionaryBaseSchema>;

/** Query of GET /api/doc/enum/item/list. */
export const DictionaryItemsQuery = Type.Object({ enumId: IdString });
/** An item of a dictionary. */
export const DictionaryItemSchema = Type.Object({
  id: IdString,
  enumId: IdString,
  name: Type.String(),
  type: Type.String(),
  value: Type.String(),
  description: Type.String(),
  orderIndex: Type.Integer(),
});
export type DictionaryItem = Static<typeof DictionaryItemSchema>;

/** Body of POST /api/doc/enum/info/save: a new dictionary (no id, with optional items) or a rename/description edit. */
export const DictionarySaveBody = Type.Object({
  id: OptionalIdString,
  moduleId: IdString,
  name: NameString(255),
  description: Type.Optional(Type.String({ maxLength: 16000 })),
  items: Type.Optional(Type.Array(Type.Object(ItemFields), { maxItems: 1000, description: 'items of a new dictionary' })),
});
export type DictionarySaveInput = Static<typeof DictionarySaveBody>;

/** Body of POST /api/doc/enum/item/save: a new item (no id) or an edit. */
export const DictionaryItemSaveBody = Type.Object({
  id: OptionalIdString,
  enumId: IdString,
  ...ItemFields,
  orderIndex: Type.Optional(Type.Integer({ description: 'absent on a new item: after the last' })),
});
export type DictionaryItemSaveInput = Static<typeof DictionaryItemSaveBody>;
