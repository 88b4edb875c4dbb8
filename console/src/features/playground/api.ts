import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The models the signed-in user's groups reach. */
export function useUserModels() {
  return useQuery({ queryKey: ['user-models'], queryFn: ({ signal }) => api<string[]>('GET', '/api/user/models', undefined, { signal }) });
}

/** The groups the signed-in user may choose. */
export function useUserGroups() {
  return useQuery({
    queryKey: ['user-groups'],
    queryFn: async ({ signal }) => Object.keys(await api<Record<string, unknown>>('GET', '/api/user/self/groups', undefined, { signal })),
  });
}
