/** Breadcrumbs of the top bar: home / space / project, read from the route's ids. */
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { fetchModule } from '../application/api';
import { fetchProjectPlace } from '../project/project-api';
import { useSpaceInfo } from '../space/space-api';

export function TopBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const params = (matches[matches.length - 1]?.params ?? {}) as Record<string, string | undefined>;
  const moduleInfo = useQuery({
    queryKey: ['module', params.moduleId],
    queryFn: () => fetchModule(params.moduleId ?? ''),
    enabled: !!params.moduleId && !params.projectId,
    meta: { silent: true },
  });
  const projectId = params.projectId ?? moduleInfo.data?.projectId;
  const ps = useQuery({
    queryKey: ['project', 'space', projectId],
    queryFn: () => fetchProjectPlace(projectId ?? ''),
    enabled: !!projectId,
    meta: { silent: true },
  });
  const space = useSpaceInfo(params.spaceId);
  const items: { title: React.ReactNode }[] = [{ title: <Link to="/dashboard">{t('nav.home')}</Link> }];
  const spaceId = params.spaceId ?? ps.data?.spaceId;
  const spaceName = space.data?.name ?? ps.data?.spaceName;
  if (spaceId && spaceName) items.push({ title: <Link to={`/space/project/${spaceId}`}>{spaceName}</Link> });
  if (projectId && ps.data) items.push({ title: <Link to={`/project/doc/${projectId}`}>{ps.data.projectName}</Link> });
  return <Breadcrumb items={items} className="top-breadcrumb" />;
}
