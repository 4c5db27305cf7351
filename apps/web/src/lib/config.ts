/** Public system configuration (spec §3 system config). */
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface ViewConfig {
  enableMeterSphere: boolean;
  initOrder: number;
  enableRegister: boolean;
  defaultLang: string;
  docSortType: string;
}

/** `/api/system/viewConfig`, cached for the session. */
export function useViewConfig() {
  return useQuery({
    queryKey: ['viewConfig'],
    queryFn: () => api.get<ViewConfig>('system/viewConfig', undefined, { silentSession: true }),
    staleTime: 5 * 60_000,
  });
}
