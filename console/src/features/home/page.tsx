import { Link } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStoredUser } from '../../lib/stored-user';
import { useStatus } from '../status/hooks/use-status';
import { useHomePageContent } from './hooks/use-operator-content';
import { OperatorContent } from '../../components/ui/operator-content';
import { NoticeBanner } from './sections/notice-banner';

/** A welcome with the main links, for an operator who set no HomePageContent. */
function Welcome({ systemName }: { systemName: string }) {
  const t = useT();
  const user = useStoredUser();
  const { data: status } = useStatus();
  return (
    <section className={card}>
      <h1 className="text-xl font-semibold">
        {t('home.welcome')} {systemName}
      </h1>
      <p className="mt-2 text-sm text-slate-500">{t('home.intro')}</p>
      <div className="mt-4 flex flex-wrap gap-3 text-sm text-indigo-600">
        {user ? <Link to="/token">{t('nav.token')}</Link> : <Link to="/login">{t('auth.login')}</Link>}
        {user ? <Link to="/log">{t('nav.log')}</Link> : <Link to="/register">{t('auth.register')}</Link>}
        <Link to="/pricing">{t('nav.pricing')}</Link>
        <Link to="/about">{t('nav.about')}</Link>
        {status?.docs_link ? <a href={status.docs_link} target="_blank" rel="noreferrer">{t('nav.docs')}</a> : null}
      </div>
      {/* DemoSiteEnabled: new-api's home page tells a demo site's visitors which version they try. */}
      {status?.demo_site_enabled ? (
        <p className="mt-3 text-xs text-slate-500" data-testid="demo-site">
          {t('home.demoSite')} · {status.version}
        </p>
      ) : null}
    </section>
  );
}

/** The notice, over the operator's home page (HomePageContent: Markdown or a framed URL) or else the welcome. */
export function HomePage() {
  const { data: status } = useStatus();
  const { data: content } = useHomePageContent();
  const systemName = status?.system_name || 'Tollgate';
  return (
    <div className="space-y-4">
      <NoticeBanner />
      {content ? <OperatorContent content={content} title={systemName} /> : <Welcome systemName={systemName} />}
    </div>
  );
}
