import { useLocation } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';

/** Every route of the spec exists; the ones a later issue builds show this until then. */
export function ComingSoon({ title }: { title: string }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <section className={card}>
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      <p className="text-sm text-slate-500">
        {pathname} — {t('comingSoon')}
      </p>
    </section>
  );
}
