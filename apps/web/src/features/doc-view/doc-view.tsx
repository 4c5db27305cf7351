/**
 * The reader's doc view (management, preview, share, show): method + URL with copy buttons, the chosen
 * environment's base URL, Markdown description (sanitized), parameter tables with nested rows, enum values,
 * generated request/response examples (wrapped in the common response at its `$data$` node), error codes,
 * Dubbo info, Markdown and custom docs; follow/unfollow; tabs for debug, mock (management) and history.
 */
import { DocType } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { DocContent } from './doc-content';
import { type DocViewSource, fetchViewDoc, type LoadedDoc, viewDocKey } from './doc-source';
import './doc-view.css';

export type { DocViewSource } from './doc-source';
export { viewDocKey } from './doc-source';

const DebugPanel = lazy(() => import('../debug/debug-panel').then((m) => ({ default: m.DebugPanel })));
const MockPanel = lazy(() => import('../mock/mock-panel').then((m) => ({ default: m.MockPanel })));
const HistoryPanel = lazy(() => import('../history/history-panel').then((m) => ({ default: m.HistoryPanel })));

/** The browser title of a doc (tabs, history): `GET /orders/{id} · Get order · Folio`; a webhook: `Webhook newBooking · …`. */
export function docTitle(doc: { name: string; type: number; httpMethod: string; url: string; webhook?: string }): string {
  const head = doc.webhook
    ? `Webhook ${doc.webhook} · `
    : doc.type === DocType.HTTP && doc.url
      ? `${(doc.httpMethod || 'GET').toUpperCase()} ${doc.url} · `
      : '';
  return `${head}${doc.name} · Folio`;
}

export function DocView({ docId, source = { kind: 'user' } }: { docId: string; source?: DocViewSource }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const q = useQuery({
    queryKey: viewDocKey(docId, source),
    queryFn: () => fetchViewDoc(docId, source),
    retry: false,
    meta: { silent: true },
    enabled: !!docId,
  });
  // Live docs: a doc refetched in place after a change says so (the reader keeps their scroll and tabs).
  const modified = q.data?.doc.gmtModified;
  const firstModified = useRef(modified);
  if (firstModified.current === undefined) firstModified.current = modified;
  const updated = !!modified && modified !== firstModified.current;
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data) {
    const e = q.error as ApiError | null;
    const notFound = !e || e.status === 404 || e.error === 'not_found';
    return (
      <div className="doc-empty" data-testid="doc-not-found">
        {notFound ? t(q.data ? 'view.live.deleted' : 'view.docNotFound') : e?.message}
      </div>
    );
  }
  const management = source.kind === 'user' && !pathname.startsWith('/view');
  return (
    <>
      {updated && (
        <div className="doc-live-updated" role="status" data-testid="doc-live-updated">
          {t('view.live.updated')}
        </div>
      )}
      <DocBody loaded={q.data} source={source} management={management} />
    </>
  );
}

function DocBody({ loaded, source, management }: { loaded: LoadedDoc; source: DocViewSource; management: boolean }) {
  const { t } = useTranslation();
  const { doc } = loaded;
  const debugAllowed = loaded.debug;
  useEffect(() => {
    const before = document.title;
    document.title = docTitle(doc);
    return () => {
      document.title = before;
    };
  }, [doc]);
  const items = [
    { key: 'doc', label: t('view.doc.tab.doc'), children: <DocContent loaded={loaded} source={source} /> },
    // A webhook is a call the API makes: nothing to send to the API's host.
    ...(doc.type === DocType.HTTP && debugAllowed && !doc.webhook
      ? [
          {
            key: 'debug',
            label: t('view.doc.tab.debug'),
            children: (
              <Lazy>
                <DebugPanel doc={doc} source={source} />
              </Lazy>
            ),
          },
        ]
      : []),
    ...(management && doc.type === DocType.HTTP
      ? [
          {
            key: 'mock',
            label: t('view.doc.tab.mock'),
            children: (
              <Lazy>
                <MockPanel doc={doc} />
              </Lazy>
            ),
          },
        ]
      : []),
    ...(source.kind === 'user'
      ? [
          {
            key: 'history',
            label: t('view.doc.tab.history'),
            children: (
              <Lazy>
                <HistoryPanel docId={doc.id} />
              </Lazy>
            ),
          },
        ]
      : []),
  ];
  const [active, setActive] = useState('doc');
  const shown = items.find((i) => i.key === active) ?? items[0];
  return (
    <div className="doc-view" data-testid="doc-view">
      <div className="doc-tabs-bar" role="tablist">
        {items.map((i) => (
          <button
            key={i.key}
            type="button"
            role="tab"
            aria-selected={i.key === shown.key}
            className={i.key === shown.key ? 'active' : ''}
            onClick={() => setActive(i.key)}
            data-testid={`doc-tab-${i.key}`}
          >
            {i.label}
          </button>
        ))}
      </div>
      {shown.children}
    </div>
  );
}

function Loading() {
  return (
    <div className="doc-loading">
      <Spin />
    </div>
  );
}

function Lazy({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** True for an API error that means "no such doc here". */
export const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.error === 'not_found');
