import { Link } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStatus } from '../status/use-status';

export function HomePage() {
  const t = useT();
  const { data: status } = useStatus();
  return (
    <section className={card}>
      <h1 className="text-xl font-semibold">
        {t('home.welcome')} {status?.system_name ?? 'Tollgate'}
      </h1>
      {status?.notice && <p className="mt-2 whitespace-pre-wrap text-sm">{status.notice}</p>}
      <div className="mt-4 flex gap-3 text-sm text-indigo-600">
        <Link to="/token">{t('nav.token')}</Link>
        <Link to="/log">{t('nav.log')}</Link>
        <Link to="/pricing">{t('nav.pricing')}</Link>
      </div>
    </section>
  );
}
