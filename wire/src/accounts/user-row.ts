import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** A user as /api/user/ lists and reads it (new-api's User, snake_case); never the password hash nor the access token. */
export const userRowSchema = z.object({
  id: nonNegativeInt(),
  username: z.string(),
  display_name: z.string(),
  /** 1 common, 10 admin, 100 root. */
  role: z.int(),
  /** 1 enabled, 2 disabled. */
  status: z.int(),
  email: z.string(),
  group: z.string(),
  quota: z.int(),
  used_quota: z.int(),
  request_count: nonNegativeInt(),
  aff_code: z.string(),
  aff_count: nonNegativeInt(),
  aff_quota: z.int(),
  aff_history_quota: z.int(),
  inviter_id: nonNegativeInt(),
  github_id: z.string(),
  wechat_id: z.string(),
  telegram_id: z.string(),
  linux_do_id: z.string(),
  oidc_id: z.string(),
  /** The administrators' note on the user (new-api's remark); sent only to administrators. */
  remark: z.optional(z.string()),
  /** When it was deleted (ISO time), as new-api's gorm soft delete; null while it exists. */
  DeletedAt: z.nullable(z.string()),
});
export type UserRow = z.infer<typeof userRowSchema>;
