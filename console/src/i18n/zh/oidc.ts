/** OIDC sign-in: the login button and the settings group (new-api's wording). */
export const oidcZh = {
  'oauth.oidc': '使用 OIDC 继续',
  'option.oidc': '配置 OIDC',
} as const;
