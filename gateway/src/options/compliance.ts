/** new-api's CurrentComplianceTermsVersion: its console counts a confirmation of another version as none. */
export const COMPLIANCE_TERMS_VERSION = 'v1';

/** The options only POST /api/option/payment_compliance writes, so the record says who really confirmed. */
export const COMPLIANCE_OPTIONS = new Set([
  'payment_setting.compliance_confirmed',
  'payment_setting.compliance_terms_version',
  'payment_setting.compliance_confirmed_at',
  'payment_setting.compliance_confirmed_by',
  'payment_setting.compliance_confirmed_ip',
]);
