import type { ChannelBalance, TokenBalance, UserBalance } from '@tollgate/ledger';
import type { ChannelRow, TokenRow, UserRow } from '@tollgate/wire';
import { maskTokenKey } from '../../auth/token-key.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { channelInfoRow } from '../../channels/multi-key/channel-info.js';
import { type Token, TokenStatus } from '../../ports/documents/token-store.js';
import type { User } from '../../ports/documents/user-store.js';

/** A user on the wire (snake_case as new-api); never the password hash nor the access token. */
export function userWire(user: User, balance?: UserBalance): UserRow {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    role: user.role,
    status: user.status,
    email: user.email,
    group: user.group,
    quota: balance?.quota ?? 0,
    used_quota: balance?.usedQuota ?? 0,
    request_count: balance?.requestCount ?? 0,
    aff_code: user.affCode,
    aff_count: balance?.affCount ?? 0,
    aff_quota: balance?.affQuota ?? 0,
    aff_history_quota: balance?.affHistoryQuota ?? 0,
    inviter_id: user.inviterId,
    github_id: user.githubId,
    wechat_id: user.wechatId,
    telegram_id: user.telegramId,
    linux_do_id: user.linuxDoId,
    oidc_id: user.oidcId,
    DeletedAt: user.deletedAt === null ? null : new Date(user.deletedAt * 1000).toISOString(),
  };
}

/** A token on the wire, its key masked as new-api's (POST /api/token/:id/key reveals it, without `sk-`), lists as new-api's strings. */
/**
 * The status a list shows (spec: 3 expired, 4 exhausted): an enabled token past its expiry, or
 * limited and with nothing left, shows why it cannot be used; the stored status is unchanged.
 */
function shownTokenStatus(token: Token, balance: TokenBalance | undefined, nowSeconds: number): number {
  if (token.status !== TokenStatus.Enabled) return token.status;
  if (token.expiredTime !== -1 && token.expiredTime < nowSeconds) return TokenStatus.Expired;
  if (!token.unlimitedQuota && balance && balance.remainQuota <= 0) return TokenStatus.Exhausted;
  return token.status;
}

export function tokenWire(token: Token, balance?: TokenBalance): TokenRow {
  return {
    id: token.id,
    user_id: token.userId,
    key: maskTokenKey(token.key),
    status: shownTokenStatus(token, balance, Math.floor(Date.now() / 1000)),
    name: token.name,
    created_time: token.createdTime,
    accessed_time: token.accessedTime,
    expired_time: token.expiredTime,
    remain_quota: balance?.remainQuota ?? 0,
    unlimited_quota: token.unlimitedQuota,
    used_quota: balance?.usedQuota ?? 0,
    model_limits_enabled: token.modelLimitsEnabled,
    model_limits: token.modelLimits.join(','),
    allow_ips: token.allowIps.join('\n'),
    group: token.group,
  };
}

/** A channel on the wire, without its upstream key: the key goes in, never out (as new-api's reads). */
export function channelWire(channel: Channel, balance?: ChannelBalance): ChannelRow {
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    status: channel.status,
    base_url: channel.baseUrl,
    other: channel.other,
    models: channel.models,
    group: channel.group,
    model_mapping: channel.modelMapping,
    status_code_mapping: channel.statusCodeMapping,
    openai_organization: channel.openaiOrganization,
    test_model: channel.testModel,
    auto_ban: channel.autoBan,
    priority: channel.priority,
    weight: channel.weight,
    balance: channel.balance,
    used_quota: balance?.usedQuota ?? 0,
    response_time: channel.responseTime,
    test_time: channel.testTime,
    balance_updated_time: channel.balanceUpdatedTime,
    created_time: channel.createdTime,
    other_info: channel.otherInfo,
    tag: channel.tag,
    remark: channel.remark,
    setting: channel.setting,
    param_override: channel.paramOverride,
    header_override: channel.headerOverride,
    channel_info: channelInfoRow(channel),
    settings: channel.settings,
  };
}

/** Index balances by id, for merging into a page of documents. */
export function byId<B>(balances: B[], id: (balance: B) => number): Map<number, B> {
  return new Map(balances.map((balance) => [id(balance), balance]));
}
