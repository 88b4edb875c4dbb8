/** new-api's site options in the console (issue #25): docs link, legal pages, rate limits, modes. */
export const siteOptionsZh = {
  'nav.docs': '文档',
  'legal.userAgreement': '用户协议',
  'legal.privacyPolicy': '隐私政策',
  'legal.notSet': '管理员尚未设置该内容',
  'legal.agree': '我已阅读并同意',
  'legal.and': '和',
  'legal.mustAgree': '请先阅读并同意用户协议和隐私政策',
  'option.rateLimit': '模型请求速率限制',
  'option.legal': '用户协议与隐私政策',
  'option.modes': '站点模式',
  'option.ssrf': 'SSRF 防护',
  'home.demoSite': '演示站点',
} as const;
