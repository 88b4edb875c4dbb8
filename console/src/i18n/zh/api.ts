/** The API client's own failure messages (the spec's texts); the server's messages are shown as sent. */
export const apiZh = {
  'api.rateLimited': '请求次数过多，请稍后再试！',
  'api.serverError': '服务器内部错误，请联系管理员！',
  'api.demo': '本站仅作演示之用，无服务端！',
  'api.error': '错误：{message}',
  'api.failed': '请求失败',
} as const;
