import { useQuery } from '@tanstack/react-query';
import { homeApi } from '../api';

export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: ({ signal }) => homeApi.notice(signal), staleTime: 5 * 60_000 });
}
