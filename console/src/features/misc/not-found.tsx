import { Link } from 'react-router-dom';
import { useT } from '../../i18n';

export function NotFound() {
  const t = useT();
  return (
    <div className="mt-20 text-center" data-testid="not-found">
      <h1 className="text-2xl font-semibold">404</h1>
      <p className="mt-2 text-slate-500 dark:text-slate-400">{t('notFound')}</p>
      <Link to="/" className="mt-4 inline-block text-indigo-600 dark:text-indigo-400">
        {t('nav.home')}
      </Link>
    </div>
  );
}
