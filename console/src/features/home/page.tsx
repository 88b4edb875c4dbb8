import { Link } from 'react-router-dom';
import { banner, card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStoredUser } from '../../lib/stored-user';
import { useStatus } from '../status/hooks/use-status';
import { useHomePageContent, useNotice } from './hooks/use-operator-content';
import { OperatorContent } from '../../components/ui/operator-content';

/** The operator's home page (HomePageContent: Markdown or a framed URL), else the notice over a welcome with the main links. */
export function HomePage() {
  const t = useT();
  const { data: status } = useStatus();
  const { data: notice } = useNotice();
  const user = useStoredUser();
  const { data: content } = useHomePageContent();
  if (content) return <OperatorContent content={content} title={status?.system_name || 'Tollgate'} />;
  return (
    <div className="space-y-4">
      {notice && (
        <div role="note" className={`${banner.info} whitespace-pre-wrap`} data-testid="notice">
          {notice}
        </div>
      )}
      <section className={card}>
        <h1 className="text-xl font-semibold">
          {t('home.welcome')} {status?.system_name || 'Tollgate'}
        </h1>
        <p className="mt-2 text-sm text-slate-500">{t('home.intro')}</p>
        <div className="mt-4 flex flex-wrap gap-3 text-sm text-indigo-600">
          {user ? <Link to="/token">{t('nav.token')}</Link> : <Link to="/login">{t('auth.login')}</Link>}
          {user ? <Link to="/log">{t('nav.log')}</Link> : <Link to="/register">{t('auth.register')}</Link>}
          <Link to="/pricing">{t('nav.pricing')}</Link>
          <Link to="/about">{t('nav.about')}</Link>
        </div>
      </section>
    </div>
  );
}
