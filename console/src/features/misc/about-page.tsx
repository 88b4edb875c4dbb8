import { OperatorContent } from '../../components/ui/operator-content';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useAbout } from '../home/hooks/use-operator-content';

/** About (public): the operator's About option, Markdown or a framed URL. */
export function AboutPage() {
  const t = useT();
  const { data: about, isPending } = useAbout();
  if (isPending) return null;
  if (!about) return <section className={card}>{t('about.empty')}</section>;
  return <OperatorContent content={about} title={t('nav.about')} />;
}
