/** The error codes a doc view lists: the doc's own, then its application's (Torna shows both). */
import { DocType, type ErrorCodeParam } from '@folio/shared';
import type { ViewDoc } from './doc-source';

/**
 * The doc's own error codes, then those of its application (HTTP docs only, as Torna shows them);
 * an application code the doc already lists is not repeated.
 */
export function withApplicationCodes(doc: Pick<ViewDoc, 'type' | 'errorCodeParams' | 'globalErrorCodes'>): ErrorCodeParam[] {
  const own = doc.errorCodeParams ?? [];
  if (doc.type !== DocType.HTTP || !doc.globalErrorCodes?.length) return own;
  const seen = new Set(own.map((c) => c.code));
  const app = doc.globalErrorCodes
    .filter((p) => p.name && !seen.has(p.name))
    .map((p) => ({ code: p.name, msg: p.description ?? '', solution: p.example ?? '' }));
  return [...own, ...app];
}
