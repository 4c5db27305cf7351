/**
 * The doc tree as answers show it (spec section 3): applications, folders and docs, nested. Recursive: a node
 * refers to itself by id (FolioTreeNode), registered once on the server (registerTreeNodeSchema).
 */
import { Type } from 'typebox';
import type { TreeNode } from '../types.js';
import type { Covers } from './common.js';

/** $id of the tree node schema. */
export const TREE_NODE_ID = 'FolioTreeNode';

/** A node of the doc tree. */
export const TreeNodeSchema = Type.Object(
  {
    id: Type.String({ description: 'doc id, or m_<id> for an application, c_<id> for a compose folder' }),
    label: Type.String({ description: 'the name, with the version when there is one' }),
    name: Type.String(),
    type: Type.Integer({ description: 'FolderType: application, folder or doc' }),
    docId: Type.String({ description: "the doc's id, '' for folders and applications" }),
    parentId: Type.String(),
    url: Type.String(),
    httpMethod: Type.String(),
    isFolder: Type.Integer(),
    apiCount: Type.Integer({ description: 'docs below a folder or application' }),
    docType: Type.Integer(),
    deprecated: Type.String({ description: "the deprecation reason, '$false$' when not deprecated" }),
    version: Type.Optional(Type.String()),
    isLocked: Type.Optional(Type.Integer()),
    status: Type.Optional(Type.Integer()),
    orderIndex: Type.Optional(Type.Integer()),
    webhook: Type.Optional(Type.String({ description: 'set on a webhook doc: its event name (a call the API makes, not an endpoint)' })),
    children: Type.Array(Type.Unsafe<TreeNode>(Type.Ref(TREE_NODE_ID))),
  },
  { $id: TREE_NODE_ID },
);

/** A list of tree nodes in an answer. */
export const TreeList = () => Type.Array(Type.Unsafe<TreeNode>(Type.Ref(TREE_NODE_ID)));

// Every field of TreeNode is in the schema (the schema filters answers: a field added to the interface alone would
// silently disappear from share and compose menus). A missing one fails the type check here.
const treeNodeComplete: Covers<TreeNode, typeof TreeNodeSchema> = true;
void treeNodeComplete;
