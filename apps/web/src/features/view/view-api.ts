/**
 * Reads of preview mode (/view) for a signed-in reader: the doc tree of a project or of a whole space, where a
 * deep-linked doc lives, and the revision live docs poll.
 */
import type { Revision, TreeNode } from '@folio/shared';
import { api } from '../../lib/api';
import { fetchModuleOfDoc } from '../application/api';
import { fetchProjectPlace } from '../project/project-api';
import { keepRevision } from './live';

/** Key of the preview tree of a space (bySpace) or of a project. */
export const viewTreeKey = (bySpace: boolean, id: string) => ['view', 'tree', bySpace ? 'space' : 'project', id];

/**
 * The docs the reader may see in a space (bySpace) or in a project, as a tree; `live`: with the live revision it
 * was built from (a page's first tree, fetched before its poller starts).
 */
export const fetchViewTree = (bySpace: boolean, id: string, live = false) => {
  const opts = live ? keepRevision(viewTreeKey(bySpace, id)) : undefined;
  const flag = live ? { live: '1' } : {};
  return bySpace
    ? api.get<TreeNode[]>('doc/view/data', { spaceId: id, ...flag }, opts)
    : api.get<TreeNode[]>('doc/view/dataByProject', { projectId: id, ...flag }, opts);
};

/** Key of where a deep-linked doc lives. */
export const docLocationKey = (docId: string | undefined) => ['view', 'docLocation', docId];

/** Where a doc lives (project and space), for deep links; `onProject` hears the project before its space is asked. */
export async function fetchDocLocation(docId: string, onProject?: (projectId: string) => void) {
  const m = await fetchModuleOfDoc(docId);
  onProject?.(m.projectId);
  const p = await fetchProjectPlace(m.projectId);
  return { projectId: m.projectId, spaceId: p.spaceId };
}

/** The revision of what the preview shows of a space (bySpace) or a project (live docs poll it). */
export const fetchViewRevision = (bySpace: boolean, id: string) =>
  api.get<Revision>('live/view', bySpace ? { spaceId: id } : { projectId: id }, { silentSession: true });
