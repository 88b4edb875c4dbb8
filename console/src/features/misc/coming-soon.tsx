import { useLocation } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';

/** The one placeholder for every route of the spec that a later issue builds. */
export function ComingSoon({ title }: { title: MessageKey }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <section className={card} data-testid="coming-soon" data-path={pathname}>
      <h1 className="mb-2 text-lg font-semibold">{t(title)}</h1>
      <p className="text-sm text-slate-500">
        <code>{pathname}</code> — {t('comingSoon')}
      </p>
    </section>
  );
}
