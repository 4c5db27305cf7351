/**
 * Public share (/share/{shareId}[/{docId}]): the password box first when encrypted, then the shared
 * tree and docs. Expired, disabled and unknown links say so. The grant is kept in local storage and sent on
 * every call of the share (the server re-checks it, the expiry and the scope each time). The gate pages are
 * their own chunk: a reader of a public share does not download the password form (antd Form, Card, md5).
 */
import type { TreeNode } from '@folio/shared';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../lib/api';
import { DocView } from '../doc-view/doc-view';
import { readGrant, storeGrant } from '../doc-view/grants';
import { SearchBox } from '../search/search-box';
import { LangPicker } from '../view/lang-picker';
import { useLiveRevision } from '../view/live';
import { ReaderLayout } from '../view/reader-layout';
import { fetchShareRevision, useShareInfoQuery, useShareMenuQuery } from './api';

// Also the compose view's (show-page.tsx) gates.
export const PasswordBox = lazy(() => import('./password-box').then((m) => ({ default: m.PasswordBox })));
export const GateMessage = lazy(() => import('./password-box').then((m) => ({ default: m.GateMessage })));
export const spin = <Spin style={{ display: 'block', margin: '20vh auto' }} />;
export const gate = (page: ReactNode) => <Suspense fallback={spin}>{page}</Suspense>;

/** The first doc of a tree (depth first). */
export function firstDoc(nodes: TreeNode[]): TreeNode | undefined {
  for (const n of nodes) {
    if (!n.isFolder) return n;
    const hit = firstDoc(n.children ?? []);
    if (hit) return hit;
  }
  return undefined;
}

export function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { shareId = '', docId } = useParams();
  const info = useShareInfoQuery(shareId);
  const grant = info.data ? info.data.grant || readGrant('share', shareId) : '';
  const menu = useShareMenuQuery(shareId, grant, !!info.data && (!info.data.needPassword || !!grant));

  // Live docs: the shared tree and the open doc follow changes to the application. The scope is the share, not its
  // grant: a public share re-signs the grant on every read, and a scope that changed with it started the poll over
  // and refetched the page's data in a loop.
  useLiveRevision({
    scope: ['share', shareId],
    enabled: !!info.data && (!info.data.needPassword || !!grant),
    fetchRevision: () => fetchShareRevision(shareId, grant),
    refresh: [
      ['share', shareId, 'menu'],
      ['viewDoc', 'share', shareId],
    ],
  });

  // Public shares hand out their grant with the page; keep it for debugging calls.
  useEffect(() => {
    if (info.data?.grant) storeGrant('share', shareId, info.data.grant);
  }, [info.data, shareId]);
  // Open the first doc when the link names none.
  useEffect(() => {
    if (docId || !menu.data) return;
    const first = firstDoc(menu.data);
    if (first) navigate(`/share/${shareId}/${first.docId || first.id}`, { replace: true });
  }, [docId, menu.data, navigate, shareId]);

  if (info.isLoading) return spin;
  if (info.error) {
    const e = info.error as ApiError;
    if (e.error === 'share_expired') return gate(<GateMessage title={t('view.share.expired')} />);
    if (e.error === 'share_disabled') return gate(<GateMessage title={t('view.share.disabled')} />);
    return gate(<GateMessage status="404" title={t('view.share.notFound')} />);
  }
  const data = info.data;
  if (!data) return null;
  const menuError = menu.error as ApiError | null;
  if ((data.needPassword && !grant) || menuError?.error === 'share_password_required') {
    if (menuError) storeGrant('share', shareId, '');
    return gate(<PasswordBox kind="share" id={shareId} title={data.moduleName} />);
  }
  if (menuError?.error === 'share_expired') return gate(<GateMessage title={t('view.share.expired')} />);
  if (menuError?.error === 'share_disabled') return gate(<GateMessage title={t('view.share.disabled')} />);

  return (
    <ReaderLayout
      brand={<span data-testid="reader-brand">{data.moduleName}</span>}
      actions={
        <>
          <SearchBox source={{ kind: 'share', shareId, grant }} compact />
          <LangPicker />
        </>
      }
      nodes={menu.data ?? []}
      treeLoading={menu.isLoading}
      basePath={`/share/${shareId}`}
      docId={docId}
    >
      {docId ? (
        <DocView key={docId} docId={docId} source={{ kind: 'share', shareId, grant }} />
      ) : (
        <div className="doc-empty">{data.remark || t('view.pickDoc')}</div>
      )}
    </ReaderLayout>
  );
}
