import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statementApi } from '../api';

/** One page (from 1) of online top-up orders: the user's own, or everyone's for an administrator. */
export function useTopUps(admin: boolean, page: number, keyword: string) {
  return useQuery({ queryKey: ['top-ups', admin, page, keyword], queryFn: () => statementApi.topUps(admin, page, keyword), placeholderData: keepPreviousData });
}
