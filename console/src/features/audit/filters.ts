import { z } from 'zod/mini';

const optionalSeconds = z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined);
const text = z.catch(z.pipe(z.string(), z.transform((value) => value.trim())), '');

/** The audit page's filters as kept in the URL, so a filtered view is a shareable link. */
export const auditFiltersSchema = z.object({
  actor: text,
  type: text,
  target_kind: text,
  target_id: text,
  start_timestamp: optionalSeconds,
  end_timestamp: optionalSeconds,
  p: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
});

export type AuditSearch = z.infer<typeof auditFiltersSchema>;
export type AuditFilters = Omit<AuditSearch, 'p'>;

/** URL search params -> filters and page; anything malformed falls back to its default. */
export function parseAuditSearch(params: URLSearchParams): AuditSearch {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value !== '') raw[key] = value;
  return auditFiltersSchema.parse(raw);
}

/** Filters and page -> URL search params, leaving defaults out. */
export function auditSearchParams(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (key === 'p' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}
