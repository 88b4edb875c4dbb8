import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotifyType, type NotifySetting } from '../../billing/notify-setting.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';

export type UserSettingDeps = AccountsContext;

const settingBody = z.object({
  notify_type: z.string().optional(),
  quota_warning_threshold: z.number().optional(),
  webhook_url: z.string().trim().optional(),
  webhook_secret: z.string().optional(),
  notification_email: z.string().trim().optional(),
  accept_unset_model_ratio_model: z.boolean().optional(),
  record_ip_log: z.boolean().optional(),
});
type SettingBody = z.infer<typeof settingBody>;

const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/** new-api's checks and texts, in its order. */
function checked(body: SettingBody): NotifySetting {
  const type = body.notify_type;
  if (type !== NotifyType.Email && type !== NotifyType.Webhook) throw new ApiFailure('无效的预警类型');
  const threshold = body.quota_warning_threshold ?? 0;
  if (!(threshold > 0)) throw new ApiFailure('预警阈值必须大于0');
  if (type === NotifyType.Webhook) {
    if (!body.webhook_url) throw new ApiFailure('Webhook地址不能为空');
    if (!isHttpUrl(body.webhook_url)) throw new ApiFailure('无效的Webhook地址');
  }
  if (body.notification_email && !z.email().safeParse(body.notification_email).success) throw new ApiFailure('无效的邮箱地址');
  return {
    notify_type: type, quota_warning_threshold: threshold,
    ...(type === NotifyType.Webhook ? { webhook_url: body.webhook_url, webhook_secret: body.webhook_secret ?? '' } : {}),
    notification_email: body.notification_email ?? '',
    accept_unset_model_ratio_model: body.accept_unset_model_ratio_model ?? false,
    record_ip_log: body.record_ip_log ?? false,
  };
}

/** PUT /api/user/setting: the signed-in user's warning settings, read back in /api/user/self's `setting`. */
export function registerUserSettingRoute(app: FastifyInstance, { deps, guard }: ApiContext<UserSettingDeps>): void {
  route(app, 'PUT', '/user/setting', guard.user, async (request) => {
    const setting = checked(parseInput(settingBody, request.body));
    await deps.users.update(signedIn(request).id, { setting: JSON.stringify(setting) });
    deps.notices.publish('users', signedIn(request).id);
    return ok(undefined, '设置已更新');
  });
}
