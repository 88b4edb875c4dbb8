import { useQuery } from '@tanstack/react-query';
import { opsApi, opsSeedQueryKey } from '../api';

/** What the view starts from: asked once (no polling: the pushes keep it current). */
export function useOpsSeed() {
  return useQuery({ queryKey: opsSeedQueryKey, queryFn: ({ signal }) => opsApi.seed(signal), staleTime: Number.POSITIVE_INFINITY });
}
