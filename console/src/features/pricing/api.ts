import { type PriceEntry, type PricingAnswer, QuotaType } from '@tollgate/wire';
import { apiEnvelope } from '../../api/client';

export type { PriceEntry };

export interface Pricing {
  entries: PriceEntry[];
  groupRatio: Record<string, number>;
  /** The groups the caller may pick (group → label); a visitor's is `default`. */
  usableGroups: Record<string, string>;
}

export const pricingApi = {
  /** Public: no session needed; the group_ratio and usable_group maps ride beside `data`. */
  get: async (signal?: AbortSignal): Promise<Pricing> => {
    const answer = (await apiEnvelope<PriceEntry[]>('GET', '/api/pricing', undefined, { signal })) as Partial<PricingAnswer>;
    return { entries: answer.data ?? [], groupRatio: answer.group_ratio ?? {}, usableGroups: answer.usable_group ?? { default: 'default' } };
  },
};

/** USD per 1M tokens at ratio 1 (spec §9: a model ratio of 1 prices prompt tokens at $2 per 1M). */
const USD_PER_MILLION_AT_RATIO_1 = 2;

/** What a model costs in `group`: per call in USD, or prompt and completion USD per 1M tokens. */
export function priceIn(entry: PriceEntry, groupRatio: number): { perCall: number } | { prompt: number; completion: number } {
  if (entry.quota_type === QuotaType.PerCall) return { perCall: entry.model_price * groupRatio };
  const prompt = entry.model_ratio * USD_PER_MILLION_AT_RATIO_1 * groupRatio;
  return { prompt, completion: prompt * entry.completion_ratio };
}
