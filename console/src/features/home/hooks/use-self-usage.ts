import { useQuery } from '@tanstack/react-query';
import { homeApi, type LocalPeriods } from '../api';

/** Local midnight and the local first of the month, in epoch seconds. */
export function localPeriods(now = new Date()): LocalPeriods {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    today_start: seconds(new Date(now.getFullYear(), now.getMonth(), now.getDate())),
    month_start: seconds(new Date(now.getFullYear(), now.getMonth(), 1)),
  };
}

/** The signed-in user's own usage for the home page, refreshed every minute while it is open. */
export function useSelfUsage() {
  return useQuery({ queryKey: ['user', 'self', 'usage'], queryFn: ({ signal }) => homeApi.selfUsage(localPeriods(), signal), refetchInterval: 60_000 });
}
