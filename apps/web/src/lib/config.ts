/** Public system configuration (spec §3 system config). */
import { useQuery } from '@tanstack/react-query';
import { fetchViewConfig } from './system-api';

/** `/api/system/viewConfig`, cached for the session. */
export function useViewConfig() {
  return useQuery({ queryKey: ['viewConfig'], queryFn: fetchViewConfig, staleTime: 5 * 60_000 });
}
