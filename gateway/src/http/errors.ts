/** An expected failure of a console call, answered as `{ success: false, message }`. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status = 200,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The texts the console shows for auth failures (wire-compatible). */
export const AuthMessages = {
  notLoggedIn: '无权进行此操作，未登录且未提供 access token',
  badAccessToken: '无权进行此操作，access token 无效',
  noUserHeader: '无权进行此操作，未提供 New-Api-User',
  userHeaderMismatch: '无权进行此操作，New-Api-User 与登录用户不匹配',
  banned: '用户已被封禁',
  forbidden: '无权进行此操作，权限不足',
} as const;
