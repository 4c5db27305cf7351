/** Project queries. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface ProjectInfo {
  id: string;
  spaceId: string;
  spaceName: string;
  name: string;
  description: string;
  isPrivate: number;
  creatorName: string;
  gmtCreate: number;
  role: string | null;
}

export const useProjectInfo = (projectId?: string) =>
  useQuery({
    queryKey: ['project', 'info', projectId],
    queryFn: () => api.get<ProjectInfo>('project/info', { projectId }),
    enabled: !!projectId,
    meta: { silent: true },
    retry: false,
  });
