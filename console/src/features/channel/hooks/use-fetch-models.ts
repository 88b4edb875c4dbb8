import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { channelApi, fetchOpenAIModels } from '../api';
import type { ChannelForm } from '../channel-form';
import { ChannelType } from '@tollgate/wire';

/**
 * "Fetch models", OpenAI type only: a saved channel asks the gateway (it holds the key); a new one asks
 * the provider from the browser with the first entered key, as the spec says.
 */
export function useFetchModels(channelId: number | null) {
  const t = useT();
  const notify = useToast();
  return async (form: ChannelForm): Promise<string[] | null> => {
    if (form.type !== ChannelType.OpenAI) return fail(t('channel.openaiOnly'));
    const key = form.key.trim().split('\n')[0]?.trim() ?? '';
    if (channelId === null && !key) return fail(t('channel.fetchNeedsKey'));
    try {
      const models = channelId === null ? await fetchOpenAIModels(form.base_url.trim().replace(/\/+$/, ''), key) : await channelApi.fetchModels(channelId);
      notify(t('channel.fetchedModels'));
      return models;
    } catch {
      return fail(t('channel.fetchModelsFailed'));
    }
  };

  function fail(message: string): null {
    notify(message, 'error');
    return null;
  }
}
