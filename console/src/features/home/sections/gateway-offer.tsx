import { Boxes, Coins, KeyRound, ScrollText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { button, card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { useStatus } from '../../status/hooks/use-status';

const offers: [MessageKey, typeof Boxes][] = [
  ['home.offerModels', Boxes],
  ['home.offerBilling', Coins],
  ['home.offerTokens', KeyRound],
  ['home.offerLogs', ScrollText],
];

/** For a visitor when the operator set no HomePageContent: what the gateway offers, and how to start. */
export function GatewayOffer({ systemName }: { systemName: string }) {
  const t = useT();
  const { data: status } = useStatus();
  return (
    <section className={`${card} p-6`} data-testid="gateway-offer">
      <h1 className="text-2xl font-semibold">
        {t('home.welcome')} {systemName}
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('home.intro')}</p>
      <h2 className="mt-6 font-semibold">{t('home.offerTitle')}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {offers.map(([text, Icon]) => (
          <li key={text} className="flex gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
            <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400" />
            <span>{t(text)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to="/register" className={`${button.base} ${button.variant.primary}`}>{t('home.getStarted')}</Link>
        <Link to="/login" className={`${button.base} ${button.variant.outline}`}>{t('auth.login')}</Link>
        <Link to="/pricing" className={`${button.base} ${button.variant.ghost}`}>{t('home.seePricing')}</Link>
        {status?.docs_link ? <a href={status.docs_link} target="_blank" rel="noreferrer" className={`${button.base} ${button.variant.ghost}`}>{t('nav.docs')}</a> : null}
      </div>
      {/* DemoSiteEnabled: new-api's home page tells a demo site's visitors which version they try. */}
      {status?.demo_site_enabled ? (
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400" data-testid="demo-site">
          {t('home.demoSite')} · {status.version}
        </p>
      ) : null}
    </section>
  );
}
