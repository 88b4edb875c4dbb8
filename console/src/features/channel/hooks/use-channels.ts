import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ChannelSearch, channelApi } from '../api';

export const channelsQueryKey = ['channels'] as const;

/** One page of channels (p from 1), or every match when a search field is set; whole tags in tag mode. */
export function useChannels(page: number, size: number, idSort: boolean, search: ChannelSearch, tagMode = false) {
  const searching = Boolean(search.keyword || search.group || search.model);
  return useQuery({
    queryKey: [...channelsQueryKey, page, size, idSort, search, tagMode],
    queryFn: ({ signal }) => (searching ? channelApi.search(search, tagMode, signal) : channelApi.list(page, size, idSort, tagMode, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useChannel(id: number | null) {
  return useQuery({ queryKey: [...channelsQueryKey, 'one', id], queryFn: ({ signal }) => channelApi.get(id ?? 0, signal), enabled: id !== null });
}

/** Every model the gateway knows, for the editor's picker. */
export function useKnownModels() {
  return useQuery({ queryKey: ['channel-models'], queryFn: async ({ signal }) => (await channelApi.models(signal)).map((m) => m.id), staleTime: 60_000 });
}

export function useChannelGroups() {
  return useQuery({ queryKey: ['groups'], queryFn: ({ signal }) => channelApi.groups(signal), staleTime: 60_000 });
}
