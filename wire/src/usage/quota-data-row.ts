import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** One bar of the usage dashboard (GET /api/data/): new-api's QuotaData, user_id 0 and username '' when summed over users. */
export const quotaDataRowSchema = z.object({
  user_id: nonNegativeInt(),
  username: z.string(),
  model_name: z.string(),
  /** Start of the bucket, seconds since the epoch. */
  created_at: nonNegativeInt(),
  token_used: nonNegativeInt(),
  count: nonNegativeInt(),
  quota: z.int(),
});
export type QuotaDataRow = z.infer<typeof quotaDataRowSchema>;
