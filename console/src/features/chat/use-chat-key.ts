import { useQuery } from '@tanstack/react-query';
import { useStoredUser } from '../../lib/stored-user';
import { tokenApi } from '../token/api';

const ENABLED = 1;

/** The key chat links carry: the first enabled one among the user's first 100 tokens (the spec's fetch), asked of the reveal call as lists mask it; a visitor has none. */
export function useChatKey() {
  const signedIn = useStoredUser() !== null;
  return useQuery({
    queryKey: ['chat-key'],
    enabled: signedIn,
    queryFn: async ({ signal }) => {
      const token = (await tokenApi.list(0, 100, signal)).items.find((t) => t.status === ENABLED);
      return token ? tokenApi.revealKey(token.id) : null;
    },
  });
}
