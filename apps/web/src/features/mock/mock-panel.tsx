/** Placeholder for mock rules of a doc (issue 6); its owner replaces this file, keeping the export name and props. */
import type { DocDetail } from '@folio/shared';

export function MockPanel(_props: { doc: DocDetail }) {
  return null;
}
