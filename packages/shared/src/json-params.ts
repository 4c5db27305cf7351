/** Turns a JSON sample into a parameter tree (spec section 5, JSON import into a parameter table). */

export interface ParamDraft {
  name: string;
  type: string;
  required: number;
  example: string;
  description: string;
  maxLength: string;
  children: ParamDraft[];
}

function detectType(v: unknown): string {
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'string';
}

function fromValue(name: string, v: unknown, depth: number): ParamDraft {
  const base: ParamDraft = { name, type: 'string', required: 1, example: '', description: '', maxLength: '64', children: [] };
  if (depth > 32) return { ...base, type: 'object' };
  if (Array.isArray(v)) {
    const first = v[0];
    if (first && typeof first === 'object' && !Array.isArray(first)) {
      return { ...base, type: 'array', children: fromObject(first as Record<string, unknown>, depth + 1) };
    }
    return { ...base, type: 'array', example: JSON.stringify(v) };
  }
  if (v && typeof v === 'object') {
    return { ...base, type: 'object', children: fromObject(v as Record<string, unknown>, depth + 1) };
  }
  return { ...base, type: detectType(v), example: v === null || v === undefined ? '' : String(v) };
}

function fromObject(obj: Record<string, unknown>, depth: number): ParamDraft[] {
  return Object.entries(obj).map(([k, v]) => fromValue(k, v, depth));
}

/**
 * Converts parsed JSON into parameters: an object's keys become rows; an array uses its first element.
 * Throws an Error('please enter JSON') for text that is not JSON.
 */
export function jsonToParams(text: string): ParamDraft[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('please enter JSON');
  }
  if (Array.isArray(parsed)) {
    const first = parsed[0];
    if (first && typeof first === 'object' && !Array.isArray(first)) return fromObject(first as Record<string, unknown>, 0);
    return [];
  }
  if (parsed && typeof parsed === 'object') return fromObject(parsed as Record<string, unknown>, 0);
  throw new Error('please enter JSON');
}
