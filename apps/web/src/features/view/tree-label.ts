/** What a reader sees of a tree node: a recognisable label, counts that follow the filter, the match. */
import { DocType, type TreeNode } from '@folio/shared';

/** An identifier without spaces made of several words (`GetCustomersCustomer`, `get_customer`): an operationId. */
const OPERATION_ID = /^[A-Za-z_$][\w$.-]*$/;
const looksLikeOperationId = (s: string) => OPERATION_ID.test(s) && (/[a-z0-9][A-Z]/.test(s) || /[a-z]_[a-z]/i.test(s));

/** The label of a row: the doc's name, or its path when the name is only an operationId (the method tag shows). */
export function readerLabel(n: Pick<TreeNode, 'label' | 'name' | 'url' | 'isFolder' | 'docType'>): string {
  const name = n.label || n.name;
  if (!n.isFolder && n.docType === DocType.HTTP && n.url && looksLikeOperationId(name)) return n.url;
  return name;
}

/** Docs under a node (as shown: a filtered tree keeps only the matching ones). */
export function docCount(n: Pick<TreeNode, 'children'>): number {
  let c = 0;
  for (const k of n.children ?? []) c += k.isFolder ? docCount(k) : 1;
  return c;
}

/** The text split around the first case-insensitive match of `q` (for highlighting), or null. */
export function splitMatch(text: string, q: string): [string, string, string] | null {
  const needle = q.trim().toLowerCase();
  if (!needle) return null;
  const i = text.toLowerCase().indexOf(needle);
  if (i < 0) return null;
  return [text.slice(0, i), text.slice(i, i + needle.length), text.slice(i + needle.length)];
}
