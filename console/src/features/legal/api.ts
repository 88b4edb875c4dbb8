import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type LegalDocument = 'user-agreement' | 'privacy-policy';

/** GET /api/user-agreement or /api/privacy-policy: the legal.* option's Markdown (or a URL), '' when unset. */
export function useLegalDocument(document: LegalDocument) {
  return useQuery({
    queryKey: ['legal', document],
    queryFn: ({ signal }) => api<string>('GET', `/api/${document}`, undefined, { signal, quiet: true }),
    staleTime: 5 * 60_000,
  });
}
