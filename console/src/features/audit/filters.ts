import { z } from 'zod/mini';
import { filterPage, filterSeconds, filterText, urlFilters } from '../../lib/url-filters';

/** The audit page's filters as kept in the URL. */
export const auditFiltersSchema = z.object({
  actor: filterText,
  type: filterText,
  target_kind: filterText,
  target_id: filterText,
  start_timestamp: filterSeconds,
  end_timestamp: filterSeconds,
  p: filterPage,
});

export type AuditSearch = z.infer<typeof auditFiltersSchema>;
export type AuditFilters = Omit<AuditSearch, 'p'>;

export const auditSearch = urlFilters(auditFiltersSchema);
