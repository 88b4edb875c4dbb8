import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { useListAction } from '../../../lib/use-list-action';
import { type Channel, channelApi, upstreamApi } from '../api';
import { channelsQueryKey } from './use-channels';

/** The list's actions with the spec's messages; each refetches the list afterwards. */
export function useChannelActions() {
  const t = useT();
  const notify = useToast();
  const run = useListAction(channelsQueryKey);
  const copyFailed = (error: Error) => {
    notify(`${t('channel.copyFailed')}：${error.message}`, 'error');
    throw error;
  };
  return {
    test: (channel: Channel, model?: string) => run(() => channelApi.test(channel.id, model), (r) => t('channel.tested', { name: channel.name, time: r.time.toFixed(2) })),
    updateBalance: (channel: Channel) => run(() => channelApi.updateBalance(channel.id), () => t('channel.balanceUpdated', { name: channel.name })),
    setStatus: (channel: Channel, status: number) => run(() => channelApi.update({ id: channel.id, status }), 'token.deleted'),
    setNumber: (channel: Channel, field: 'priority' | 'weight', value: number) => run(() => channelApi.update({ id: channel.id, [field]: value }), 'token.deleted'),
    copy: (channel: Channel) => run(() => channelApi.copy(channel.id).catch(copyFailed), 'channel.copied'),
    remove: (channel: Channel) => run(() => channelApi.remove(channel.id), 'token.deleted'),
    testAll: () => run(channelApi.testAll, 'channel.testAllStarted'),
    updateAllBalances: () => run(channelApi.updateAllBalances, 'channel.allBalancesUpdated'),
    removeDisabled: () => run(channelApi.removeDisabled, (count) => t('channel.disabledDeleted', { count })),
    removeMany: (ids: number[]) => run(() => channelApi.removeMany(ids), (count) => t('channel.batchDeleted', { count })),
    fix: () => run(channelApi.fix, (fixed) => t('channel.fixed', { count: fixed.success })),
    detectAllUpstream: () => run(upstreamApi.detectAll, (r) => t('channel.upstreamDetectedAll', { count: r.processed_channels, add: r.detected_add_models, remove: r.detected_remove_models })),
    applyAllUpstream: () => run(upstreamApi.applyAll, (r) => t('channel.upstreamAppliedAll', { count: r.processed_channels })),
    setTagEnabled: (tag: string, enabled: boolean) => run(() => channelApi.setTagEnabled(tag, enabled), 'channel.tagUpdated'),
    editTag: (edit: Parameters<typeof channelApi.editTag>[0]) => run(() => channelApi.editTag(edit), 'channel.tagUpdated'),
    setTag: (ids: number[], tag: string) => run(() => channelApi.setTag(ids, tag), (count) => t('channel.tagSet', { count })),
  };
}
