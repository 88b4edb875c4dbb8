import type { siteOptionsZh } from '../zh/site-options';

/** new-api's site options in the console (issue #25): docs link, legal pages, rate limits, modes. */
export const siteOptionsEn: Record<keyof typeof siteOptionsZh, string> = {
  'nav.docs': 'Docs',
  'legal.userAgreement': 'User agreement',
  'legal.privacyPolicy': 'Privacy policy',
  'legal.notSet': 'The administrator has not set this yet',
  'legal.agree': 'I have read and agree to the',
  'legal.and': 'and the',
  'legal.mustAgree': 'Please read and agree to the user agreement and the privacy policy first',
  'option.rateLimit': 'Model request rate limits',
  'option.legal': 'User agreement and privacy policy',
  'option.modes': 'Site modes',
  'option.ssrf': 'SSRF protection',
  'home.demoSite': 'Demo site',
};
