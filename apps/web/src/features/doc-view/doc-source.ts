/** Loads a doc for reading from where the reader is: management/preview (session), a share, or a compose view. */
import type { ComposeView, DocAuth, DocDetail, DocParam } from '@folio/shared';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { fetchCommonParams, fetchEnvironments } from '../application/api';
import { shareInfoQuery } from '../share/api';
import { keepRevision } from '../view/live';
import { grantHeaders, readGrant } from './grants';

export type DocViewSource =
  | { kind: 'user' }
  | { kind: 'share'; shareId: string; grant?: string }
  | { kind: 'compose'; showId: string; grant?: string };

/**
 * A doc with the common headers/params/returns of its application (or compose project), and the
 * application's error codes (params of style 4: name=code, description=msg, example=solution).
 */
export type ViewDoc = DocDetail & {
  globalHeaders?: DocParam[];
  globalParams?: DocParam[];
  globalReturns?: DocParam[];
  globalErrorCodes?: DocParam[];
  /** The security the doc needs (null: its source said nothing). */
  security?: DocAuth | null;
};

export interface ViewEnvironment {
  id: string;
  name: string;
  url: string;
}

export interface LoadedDoc {
  doc: ViewDoc;
  environments: ViewEnvironment[];
  /** Whether the reader may debug (always for users; shares and compose projects decide). */
  debug: boolean;
}

export type { ShareInfo } from '@folio/shared';

export const shareGrantOf = (s: Extract<DocViewSource, { kind: 'share' }>) => s.grant || readGrant('share', s.shareId);
export const composeGrantOf = (s: Extract<DocViewSource, { kind: 'compose' }>) => s.grant || readGrant('compose', s.showId);

/** Query key of a doc read through a source. */
export const viewDocKey = (docId: string, source: DocViewSource) => [
  'viewDoc',
  source.kind,
  source.kind === 'share' ? source.shareId : source.kind === 'compose' ? source.showId : '',
  docId,
];

/** Key of a compose view's info. */
export const composeInfoKey = (showId: string) => ['show', showId];

/**
 * What a visitor needs before reading a compose view (its grant sent when held), with the view's live revision it was
 * built from (none without an encrypted project's grant): the page's poller starts after it.
 */
export const fetchComposeInfo = (showId: string, grant?: string) =>
  api.get<ComposeView>(
    'compose/project/get',
    { id: showId, live: '1' },
    { ...grantHeaders(grant), ...keepRevision(composeInfoKey(showId)) },
  );

/**
 * A compose view's info as a query: the /show page reads it (the stored grant is read when fetching: public projects
 * hand out a fresh grant on every read), and its docs take their debug settings from the same cache entry.
 */
export const composeInfoQuery = (showId: string) => ({
  queryKey: composeInfoKey(showId),
  queryFn: () => fetchComposeInfo(showId, readGrant('compose', showId)),
  retry: false,
  meta: { silent: true },
});

/**
 * Fetches the doc and the environments offered with it. `live` (the page opened on this doc): the doc comes with
 * the live revision of the page's scope, read before it (`keepRevision`): the doc's project's or space's tree for a
 * signed-in reader, the share or compose view for their visitors.
 */
export async function fetchViewDoc(
  docId: string,
  source: DocViewSource,
  live?: 'project' | 'space' | 'share' | 'compose',
): Promise<LoadedDoc> {
  if (source.kind === 'share') {
    const grant = shareGrantOf(source);
    const [doc, info] = await Promise.all([
      live
        ? api.get<ViewDoc>(
            'share/doc',
            { id: source.shareId, docId, live: '1' },
            { ...grantHeaders(grant), ...keepRevision(viewDocKey(docId, source)) },
          )
        : api.get<ViewDoc>('share/doc', { id: source.shareId, docId }, grantHeaders(grant)),
      // Through the query cache: a deep link's page asks for the same info at the same moment (one request, not
      // two); never older than this read (a live refresh sees the share's new debug settings).
      queryClient.fetchQuery({ ...shareInfoQuery(source.shareId), staleTime: 0 }),
    ]);
    return { doc, environments: info.allowDebug ? info.environments : [], debug: !!info.allowDebug };
  }
  if (source.kind === 'compose') {
    const grant = composeGrantOf(source);
    const query = { projectId: source.showId, docId };
    const [doc, info] = await Promise.all([
      live
        ? api.get<ViewDoc>(
            'compose/doc/get',
            { ...query, live: '1' },
            { ...grantHeaders(grant), ...keepRevision(viewDocKey(docId, source)) },
          )
        : api.get<ViewDoc>('compose/doc/get', query, grantHeaders(grant)),
      // The page's info, not read again: its live poller refetches it when the view's revision (which covers the
      // project's row) moves, and this read then waits for that refetch (the entry is invalidated before the doc's).
      queryClient.fetchQuery({ ...composeInfoQuery(source.showId), staleTime: Number.POSITIVE_INFINITY }),
    ]);
    // Debugging in a compose view goes through its gateway, when the project allows it.
    return {
      doc,
      environments: info.showDebug && info.gatewayUrl ? [{ id: 'gateway', name: 'gateway', url: info.gatewayUrl }] : [],
      debug: !!info.showDebug,
    };
  }
  const doc =
    live === 'project' || live === 'space'
      ? await api.get<ViewDoc>('doc/detail', { id: docId, live }, keepRevision(viewDocKey(docId, source)))
      : await api.get<ViewDoc>('doc/detail', { id: docId });
  const [common, envs] = await Promise.all([
    fetchCommonParams(doc.moduleId).catch(() => ({ headers: [], params: [], returns: [], errorCodes: [] })),
    fetchEnvironments(doc.moduleId).catch(() => []),
  ]);
  return {
    doc: {
      ...doc,
      globalHeaders: doc.globalHeaders ?? common.headers,
      globalParams: doc.globalParams ?? common.params,
      globalReturns: doc.globalReturns ?? common.returns,
      globalErrorCodes: doc.globalErrorCodes ?? common.errorCodes ?? [],
    },
    environments: envs.map((e) => ({ id: e.id, name: e.name, url: e.url })),
    debug: true,
  };
}
