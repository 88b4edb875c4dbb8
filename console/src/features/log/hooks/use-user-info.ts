import { useQuery } from '@tanstack/react-query';
import { logApi } from '../api';

/** The user a log row names, fetched only while the dialog is open. */
export function useUserInfo(username: string | null) {
  return useQuery({ queryKey: ['log-user-info', username], queryFn: ({ signal }) => logApi.userByName(username ?? '', signal), enabled: username !== null });
}
