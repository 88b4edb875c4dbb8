import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { tokenApi } from '../api';
import { tokensQueryKey } from './use-tokens';

/** Row actions of the token list; failures are already toasted by the API client. */
export function useTokenActions() {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const run = async (action: () => Promise<unknown>, done: MessageKey) => {
    try {
      await action();
      notify(t(done));
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: tokensQueryKey });
  };
  return {
    setStatus: (id: number, status: number) => run(() => tokenApi.setStatus(id, status), 'token.updated'),
    remove: (id: number) => run(() => tokenApi.remove(id), 'token.deleted'),
  };
}
