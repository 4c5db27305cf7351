/**
 * Immutable edits of a parameter tree in the doc editor: add (root or child), update, delete, reorder,
 * JSON import (spec §5), with order index max + 10 or the configured initial order.
 */
import { DEFAULT_MAX_LENGTH, type DocParam, isValidParamName, jsonToParams, nextOrderIndex, type ParamDraft } from '@folio/shared';

/** An editable row: a DocParam with a stable React key. */
export interface EditParam extends Omit<DocParam, 'children'> {
  key: string;
  children: EditParam[];
}

let seq = 0;
const newKey = () => `p${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Types that hold child rows. */
export const hasChildrenType = (type: string) => /^(object|array)(\(|$)/.test(type) || /^(oneof|anyof)(\(|$)/i.test(type);

/** Adds React keys to server params (every field as stored: a save of them unchanged stores the same). */
export function fromDocParams(list: DocParam[] | undefined | null): EditParam[] {
  return (list ?? []).map((p) => ({
    ...p,
    required: p.required ?? 1,
    maxLength: p.maxLength ?? '',
    example: p.example ?? '',
    description: p.description ?? '',
    key: newKey(),
    children: fromDocParams(p.children),
  }));
}

/** Strips the keys for saving; drops empty children arrays of scalars. Copies drop ids when `asNew`. */
export function toDocParams(list: EditParam[], asNew = false): DocParam[] {
  return list.map(({ key: _k, children, ...p }) => ({
    ...p,
    ...(asNew ? { id: undefined } : {}),
    name: p.name.trim(),
    children: toDocParams(children, asNew),
  }));
}

/** A blank row (a new row's max length is Torna's default, 64, as its form fills it in). */
export function blankParam(orderIndex: number, type = 'string'): EditParam {
  return {
    key: newKey(),
    name: '',
    type,
    required: 1,
    maxLength: DEFAULT_MAX_LENGTH,
    example: '',
    description: '',
    orderIndex,
    children: [],
  };
}

function mapTree(list: EditParam[], fn: (p: EditParam) => EditParam | null): EditParam[] {
  const out: EditParam[] = [];
  for (const p of list) {
    const r = fn(p);
    if (r) out.push(r.children.length ? { ...r, children: mapTree(r.children, fn) } : r);
  }
  return out;
}

/** Appends a row at the root (parentKey null) or under a parent; returns the new list and the new key. */
export function addParam(list: EditParam[], parentKey: string | null, initOrder: number): { list: EditParam[]; key: string } {
  if (parentKey === null) {
    const row = blankParam(
      nextOrderIndex(
        list.map((p) => p.orderIndex),
        initOrder,
      ),
    );
    return { list: [...list, row], key: row.key };
  }
  let key = '';
  const next = mapTree(list, (p) => {
    if (p.key !== parentKey) return p;
    const row = blankParam(
      nextOrderIndex(
        p.children.map((c) => c.orderIndex),
        initOrder,
      ),
    );
    key = row.key;
    return { ...p, type: hasChildrenType(p.type) ? p.type : 'object', children: [...p.children, row] };
  });
  return { list: next, key };
}

/** Changes fields of one row. */
export function updateParam(list: EditParam[], key: string, patch: Partial<EditParam>): EditParam[] {
  return mapTree(list, (p) => (p.key === key ? { ...p, ...patch } : p));
}

/** Removes one row with its children. */
export function removeParam(list: EditParam[], key: string): EditParam[] {
  return mapTree(list, (p) => (p.key === key ? null : p));
}

/** Moves a row up (-1) or down (+1) among its siblings, swapping order indexes. */
export function moveParam(list: EditParam[], key: string, dir: -1 | 1): EditParam[] {
  const swapIn = (siblings: EditParam[]): EditParam[] | null => {
    const i = siblings.findIndex((p) => p.key === key);
    if (i < 0) return null;
    const j = i + dir;
    if (j < 0 || j >= siblings.length) return siblings;
    const copy = [...siblings];
    const a = copy[i];
    const b = copy[j];
    copy[i] = { ...b, orderIndex: a.orderIndex };
    copy[j] = { ...a, orderIndex: b.orderIndex };
    if (copy[i].orderIndex === copy[j].orderIndex) copy[j] = { ...copy[j], orderIndex: copy[i].orderIndex + dir };
    return copy;
  };
  const walk = (siblings: EditParam[]): EditParam[] => {
    const swapped = swapIn(siblings);
    if (swapped) return swapped;
    return siblings.map((p) => (p.children.length ? { ...p, children: walk(p.children) } : p));
  };
  return walk(list);
}

function fromDraft(d: ParamDraft, orderIndex: number, initOrder: number): EditParam {
  return {
    key: newKey(),
    name: d.name,
    type: d.type,
    required: d.required,
    maxLength: d.maxLength,
    example: d.example,
    description: d.description,
    orderIndex,
    children: d.children.map((c, i) => fromDraft(c, initOrder + i * 10, initOrder)),
  };
}

/**
 * Imports a JSON sample (spec §5) into the list: rows with a name already present at that level are replaced,
 * the others appended after the existing ones. Throws Error('please enter JSON') for invalid text.
 */
export function importJson(list: EditParam[], text: string, initOrder: number): EditParam[] {
  const drafts = jsonToParams(text);
  const out = [...list];
  let order = nextOrderIndex(
    list.map((p) => p.orderIndex),
    initOrder,
  );
  for (const d of drafts) {
    const i = out.findIndex((p) => p.name === d.name);
    if (i >= 0) out[i] = { ...fromDraft(d, out[i].orderIndex, initOrder), description: out[i].description || d.description };
    else {
      out.push(fromDraft(d, order, initOrder));
      order += 10;
    }
  }
  return out;
}

/** Names the shared rule refuses (empty, control characters, too long: packages/shared paramNameProblem), in tree order. */
export function invalidNames(list: EditParam[]): string[] {
  const bad: string[] = [];
  const walk = (l: EditParam[]) => {
    for (const p of l) {
      if (!isValidParamName(p.name)) bad.push(p.name);
      walk(p.children);
    }
  };
  walk(list);
  return bad;
}

/** Number of rows in a tree. */
export function countParams(list: EditParam[]): number {
  return list.reduce((n, p) => n + 1 + countParams(p.children), 0);
}
