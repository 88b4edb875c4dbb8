import { useQuery } from '@tanstack/react-query';
import { homeApi } from '../api';

export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: ({ signal }) => homeApi.notice(signal), staleTime: 5 * 60_000 });
}

export function useHomePageContent() {
  return useQuery({ queryKey: ['home-page-content'], queryFn: ({ signal }) => homeApi.homePageContent(signal), staleTime: 5 * 60_000 });
}

export function useAbout() {
  return useQuery({ queryKey: ['about'], queryFn: ({ signal }) => homeApi.about(signal), staleTime: 5 * 60_000 });
}
