/**
 * What a compose view shows besides its docs, each loaded when shown (show-page.tsx): the project's intro (a
 * link without a doc) and its extra pages (Markdown).
 */
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { Description } from '../doc-view/description';
import { fetchComposePage } from './show-api';

/** The project's name and description, when the link names no doc (or the view has none). */
export function ShowIntro({ name, description }: { name: string; description?: string | null }) {
  return <Result status="info" title={name} subTitle={<Description text={description} />} />;
}

/** One extra page of the view. */
export function ExtraPage({ showId, pageId, grant }: { showId: string; pageId: string; grant: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['show', showId, 'page', pageId],
    retry: false,
    meta: { silent: true },
    queryFn: () => fetchComposePage(showId, pageId, grant),
  });
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <Result status="404" title={t('view.docNotFound')} />;
  return (
    <article className="doc-content">
      <Typography.Title level={3}>{q.data.title}</Typography.Title>
      <Markdown source={q.data.content} />
    </article>
  );
}
