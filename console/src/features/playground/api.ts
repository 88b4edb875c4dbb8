import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The models the signed-in user's groups reach. */
export function useUserModels() {
  return useQuery({ queryKey: ['user-models'], queryFn: ({ signal }) => api<string[]>('GET', '/api/user/models', undefined, { signal }) });
}

/** A group the signed-in user may choose: its name, its label and its price ratio. */
export interface UserGroup {
  name: string;
  desc: string;
  ratio: number | string;
}

/** The groups the signed-in user may choose, from new-api's `{ group: { ratio, desc } }`. */
export function useUserGroups() {
  return useQuery({
    queryKey: ['user-groups'],
    queryFn: async ({ signal }): Promise<UserGroup[]> => {
      const groups = await api<Record<string, { ratio: number | string; desc: string }>>('GET', '/api/user/self/groups', undefined, { signal });
      return Object.entries(groups ?? {}).map(([name, { ratio, desc }]) => ({ name, desc, ratio }));
    },
  });
}
