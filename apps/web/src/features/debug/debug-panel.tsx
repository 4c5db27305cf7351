/** Placeholder for the debug console (issue 6); its owner replaces this file, keeping the export name and props. */
import type { DocDetail } from '@folio/shared';

export function DebugPanel(_props: { doc: DocDetail; source?: unknown }) {
  return null;
}
