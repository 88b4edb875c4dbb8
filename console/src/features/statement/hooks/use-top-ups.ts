import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statementApi, type TopUpQuery } from '../api';

/** Every page of the history: a redeemed code invalidates it. */
export const topUpsQueryKey = ['top-ups'] as const;

/** One page (from 1) of the top-up history: the user's own, or everyone's (or one user's) for an administrator. */
export function useTopUps(admin: boolean, topUpQuery: TopUpQuery) {
  return useQuery({ queryKey: [...topUpsQueryKey, admin, topUpQuery], queryFn: () => statementApi.topUps(admin, topUpQuery), placeholderData: keepPreviousData });
}
