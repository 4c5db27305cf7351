/**
 * Parameter trees in requests and answers (environments, common params; later docs). The trees are recursive,
 * so each node schema has an $id the server registers once (addSchema) and lists refer to it.
 */
import { Type } from 'typebox';
import type { DocParam, EnumInfo } from '../types.js';

/** $id of the request parameter schema (registered by the server's docs module: param-input.ts). */
export const PARAM_INPUT_ID = 'FolioParam';
/** $id of the answered parameter node schema (ParamNodeSchema). */
export const PARAM_NODE_ID = 'FolioParamNode';

/** A parameter as requests send it (the FolioParam schema; most fields optional). */
export interface ParamBodyInput {
  id?: string;
  name: string;
  type?: string;
  required?: number | boolean;
  maxLength?: string;
  example?: string;
  description?: string;
  enumContent?: string;
  enumId?: string;
  enumInfo?: EnumInfo | null;
  orderIndex?: number;
  children?: ParamBodyInput[];
}

/** A list of parameters in a request body. */
export const ParamInputList = (maxItems = 5000) => Type.Array(Type.Unsafe<ParamBodyInput>(Type.Ref(PARAM_INPUT_ID)), { maxItems });

/** A dictionary as a parameter links it. */
export const EnumInfoSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.String(),
  description: Type.String(),
  items: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String()),
      name: Type.String(),
      type: Type.String(),
      value: Type.String(),
      description: Type.String(),
    }),
  ),
});

/** A parameter node as answers carry it (children nested). Register once: app.addSchema(ParamNodeSchema). */
export const ParamNodeSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'absent where the answer needs no param ids' })),
    name: Type.String(),
    type: Type.String(),
    required: Type.Integer({ description: '1 required, 0 optional' }),
    maxLength: Type.String(),
    example: Type.String(),
    description: Type.String(),
    enumContent: Type.Optional(Type.String({ description: "the linked dictionary's items as text" })),
    enumId: Type.Optional(Type.String()),
    enumInfo: Type.Optional(Type.Union([EnumInfoSchema, Type.Null()])),
    orderIndex: Type.Integer(),
    children: Type.Array(Type.Unsafe<DocParam>(Type.Ref(PARAM_NODE_ID))),
  },
  { $id: PARAM_NODE_ID },
);

/** A list of parameter trees in an answer. */
export const ParamTreeList = () => Type.Array(Type.Unsafe<DocParam>(Type.Ref(PARAM_NODE_ID)));
