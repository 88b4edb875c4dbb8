import { useListAction } from '../../../lib/use-list-action';
import { tokenApi } from '../api';
import { tokensQueryKey } from './use-tokens';

/** Row actions of the token list. */
export function useTokenActions() {
  const run = useListAction(tokensQueryKey);
  return {
    setStatus: (id: number, status: number) => run(() => tokenApi.setStatus(id, status), 'token.updated'),
    remove: (id: number) => run(() => tokenApi.remove(id), 'token.deleted'),
  };
}
