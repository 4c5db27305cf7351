/** Space queries. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface SpaceInfo {
  id: string;
  name: string;
  isCompose: number;
  creatorName: string;
  gmtCreate: number;
  role: string | null;
  adminNames: string[];
}

export interface ProjectItem {
  id: string;
  spaceId: string;
  name: string;
  description: string;
  isPrivate: number;
  creatorName: string;
  gmtCreate: number;
  role: string | null;
}

export const useSpaceInfo = (spaceId?: string) =>
  useQuery({
    queryKey: ['space', 'info', spaceId],
    queryFn: () => api.get<SpaceInfo>('space/info', { spaceId }),
    enabled: !!spaceId,
    meta: { silent: true },
    retry: false,
  });

export const useSpaceProjects = (spaceId?: string) =>
  useQuery({
    queryKey: ['space', 'projects', spaceId],
    queryFn: () => api.get<ProjectItem[]>('space/project/list', { spaceId }),
    enabled: !!spaceId,
  });
