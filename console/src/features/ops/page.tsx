import { useT } from '../../i18n';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useOpsSeed } from './hooks/use-ops-seed';
import { useLiveChannelHealth } from './live/use-live-channel-health';
import { useLiveLedgerAudit } from './live/use-live-ledger-audit';
import { useLiveOps } from './live/use-live-ops';
import { BreakdownTable } from './sections/breakdown-table';
import { FleetSection } from './sections/fleet-section';
import { HealthSection } from './sections/health-section';
import { LedgerAuditCard } from './sections/ledger-audit-card';
import { LogTailSection } from './sections/log-tail-section';
import { SpendersTable } from './sections/spenders-table';
import { TrafficSection } from './sections/traffic-section';

function LiveBadge({ connected }: { connected: boolean }) {
  const t = useT();
  return (
    <span className={`text-sm ${connected ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'}`} data-testid="ops-connection">
      {connected ? `● ${t('ops.live')}` : t('ops.offline')}
    </span>
  );
}

/** Pushes refused by their schema while the view is open: the server and this console are out of step. */
function RejectedNote({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return <span className="text-sm text-amber-700 dark:text-amber-400" data-testid="ops-rejected">{t('ops.rejected', { count })}</span>;
}

function OpsView() {
  const t = useT();
  const { data: seed } = useOpsSeed();
  const { snapshot, isConnected, rejected } = useLiveOps();
  const { events, rejected: healthRejected } = useLiveChannelHealth();
  const { rejected: auditRejected } = useLiveLedgerAudit();
  const channelName = (key: string) => (key === '0' ? t('ops.noChannel') : `#${key} ${seed?.channels.find((c) => String(c.id) === key)?.name ?? ''}`);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{t('ops.title')}</h1>
        <LiveBadge connected={isConnected} />
        <RejectedNote count={rejected + healthRejected + auditRejected} />
        {!snapshot && <span className="text-sm text-slate-500 dark:text-slate-400">{t('ops.waiting')}</span>}
      </div>
      <LedgerAuditCard audit={seed?.ledgerAudit} />
      <TrafficSection snapshot={snapshot} history={seed?.minutes ?? []} />
      <div className="grid gap-4 xl:grid-cols-2">
        <BreakdownTable title="ops.channels" keyColumn="ops.col.channel" rows={snapshot?.channels ?? []} label={channelName} testId="ops-channels" />
        <BreakdownTable title="ops.models" keyColumn="ops.col.model" rows={snapshot?.models ?? []} label={(key) => key} testId="ops-models" />
        <SpendersTable title="ops.topUsers" rows={snapshot?.topUsers ?? []} testId="ops-top-users" />
        <SpendersTable title="ops.topTokens" rows={snapshot?.topTokens ?? []} testId="ops-top-tokens" />
      </div>
      <HealthSection channels={seed?.channels ?? []} events={events} />
      <FleetSection fleet={snapshot?.fleet ?? []} />
      <LogTailSection />
    </div>
  );
}

/** /ops: what every gateway is doing now, pushed live to administrators. */
export function OpsPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  return admin ? <OpsView /> : <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{t('ops.adminOnly')}</p>;
}
