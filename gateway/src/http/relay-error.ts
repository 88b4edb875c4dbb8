/** A relay failure, answered in the OpenAI error shape `{ error: { message, type, param, code } }`. */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly type = 'new_api_error',
  ) {
    super(message);
    this.name = 'RelayError';
  }

  toBody() {
    return { error: { message: this.message, type: this.type, param: '', code: this.code } };
  }

  /** Google's error shape, for the native generateContent surface. */
  toGoogleBody() {
    const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' }[this.status] ?? 'INTERNAL';
    return { error: { code: this.status, message: this.message, status } };
  }

  /** Anthropic's error shape, for the native Messages surface. */
  toAnthropicBody() {
    const type = { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error' }[this.status] ?? (this.status >= 500 ? 'api_error' : 'invalid_request_error');
    return { type: 'error', error: { type, message: this.message } };
  }

  /** A Midjourney Proxy's error shape (new-api's): code 4 for a refused request, 5 for a failure of ours. */
  toMidjourneyBody() {
    return midjourneyErrorBody(this.status, this.message);
  }
}

export function midjourneyErrorBody(status: number, description: string) {
  return { code: status >= 500 ? 5 : 4, description, type: 'upstream_error' };
}

/** The wire-compatible gateway's texts for refused requests. */
export const RelayMessages = {
  noKey: '未提供令牌',
  invalidKey: '无效的令牌',
  tokenExhausted: '该令牌额度已用尽',
  tokenExpired: '该令牌已过期',
  tokenDisabled: '该令牌状态不可用',
  userBanned: '用户已被封禁',
  userQuota: '用户额度不足',
  /** The user pays by subscription only, and no running subscription covering the call has room left in every window. */
  subscriptionQuota: '订阅额度不足',
  ipNotAllowed: '您的 IP 不在令牌允许访问的列表中',
  modelNotAllowed: (model: string) => `该令牌无权访问模型 ${model}`,
  tokenGroupDisabled: (group: string) => `令牌分组 ${group} 已被禁用`,
  groupDeprecated: (group: string) => `分组 ${group} 已被弃用`,
  noChannel: (group: string, model: string) => `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
  unpriced: (model: string) => `模型 ${model} 倍率或价格未配置，请联系管理员设置`,
  missingModel: '未指定模型名称',
  pinNotAllowed: '普通用户不支持指定渠道',
  invalidChannelId: '无效的渠道 Id',
  channelDisabled: '该渠道已被禁用',
  billingUnavailable: 'billing is unavailable: usage cannot be recorded right now, so no paid call is served; try again later',
  holdUnconfirmed: "the quota store could not confirm this call's reservation; try again shortly",
  cannotTake: (provider: string, parts: readonly string[]) => `no channel for this model can take the request's ${parts.join(' and ')}: its ${provider} channels send text messages only`,
} as const;
