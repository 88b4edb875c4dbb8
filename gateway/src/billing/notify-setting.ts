import { z } from 'zod';

/** How a user is warned of a low balance (new-api's `notify_type`): a mail, or a signed webhook POST. */
export const NotifyType = { Email: 'email', Webhook: 'webhook' } as const;

/** new-api's user setting, as stored (JSON text on the user) and sent back in /api/user/self's `setting`. */
export const notifySettingSchema = z.object({
  notify_type: z.enum([NotifyType.Email, NotifyType.Webhook]),
  quota_warning_threshold: z.number(),
  webhook_url: z.string().optional(),
  webhook_secret: z.string().optional(),
  notification_email: z.string().optional(),
  accept_unset_model_ratio_model: z.boolean().optional(),
  record_ip_log: z.boolean().optional(),
});
export type NotifySetting = z.infer<typeof notifySettingSchema>;

/** A user's saved setting, or null when none is saved (or what is stored is unreadable). */
export function readNotifySetting(text: string): NotifySetting | null {
  if (!text) return null;
  try {
    const parsed = notifySettingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
