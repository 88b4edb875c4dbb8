import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { useStatus } from '../status/hooks/use-status';

/** Which legal documents the operator set (legal.*): registration asks the visitor to agree to those. */
export function useLegalDocuments() {
  const { data } = useStatus();
  return { agreement: data?.user_agreement_enabled === true, privacy: data?.privacy_policy_enabled === true };
}

/**
 * new-api's consent line on registration: a checkbox and the links to the documents that are set.
 * Renders nothing when neither is.
 */
export function LegalConsent({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const t = useT();
  const { agreement, privacy } = useLegalDocuments();
  if (!agreement && !privacy) return null;
  const link = (to: string, label: string) => (
    <Link to={to} target="_blank" className="text-indigo-600 dark:text-indigo-400">
      {label}
    </Link>
  );
  return (
    <label className="flex items-center gap-2 text-sm" data-testid="legal-consent">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {t('legal.agree')} {agreement ? link('/user-agreement', t('legal.userAgreement')) : null}
        {agreement && privacy ? ` ${t('legal.and')} ` : null}
        {privacy ? link('/privacy-policy', t('legal.privacyPolicy')) : null}
      </span>
    </label>
  );
}
