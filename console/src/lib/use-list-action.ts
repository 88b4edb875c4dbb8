import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../components/ui/toast';
import { useT } from '../i18n';
import type { MessageKey } from '../i18n/zh';

/**
 * Runs a list's row action: says `done` when it worked (a message key, or a text made from the
 * action's result such as a count; a refusal was already toasted by the API client), then refetches
 * the list under `queryKey` either way.
 */
export function useListAction(queryKey: readonly unknown[]) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  return async <T,>(action: () => Promise<T>, done: MessageKey | ((result: T) => string)) => {
    try {
      const result = await action();
      notify(typeof done === 'function' ? done(result) : t(done));
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey });
  };
}
