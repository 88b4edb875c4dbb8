import { OperatorContent } from '../../components/ui/operator-content';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { type LegalDocument, useLegalDocument } from './api';

const TITLES = { 'user-agreement': 'legal.userAgreement', 'privacy-policy': 'legal.privacyPolicy' } as const;

/** The user agreement or the privacy policy (public), as the operator wrote it in legal.*. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const t = useT();
  const { data: text, isPending } = useLegalDocument(document);
  if (isPending) return null;
  const title = t(TITLES[document]);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">{title}</h1>
      {text ? <OperatorContent content={text} title={title} /> : <section className={card}>{t('legal.notSet')}</section>}
    </div>
  );
}
