import { format } from 'date-fns';
import { DataTable } from '../../../components/ui/data-table';
import { card, table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import type { HealthEvent } from '../live/use-live-channel-health';
import type { ChannelHealth } from '@tollgate/wire';

const statusTag: Record<number, string> = { 1: tag.green, 2: tag.grey, 3: tag.red };
const time = (epochMs: number) => format(epochMs, 'yyyy-MM-dd HH:mm:ss');

function HealthEvents({ events }: { events: readonly HealthEvent[] }) {
  const t = useT();
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{t('ops.healthEvents')}</h3>
      {events.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('ops.noEvents')}</p>}
      <ul className="space-y-1 text-sm" data-testid="ops-health-events">
        {events.map((event) => (
          <li key={`${event.kind}-${event.channelId}-${event.at}`} className={event.kind === 'disabled' ? 'text-rose-700 dark:text-rose-300' : 'text-emerald-700 dark:text-emerald-300'}>
            {time(event.at)} · {t(event.kind === 'disabled' ? 'ops.event.disabled' : 'ops.event.enabled', { name: event.name, reason: event.reason })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Each channel's state, last test and response time, and the automatic switch-offs and re-enables as they happen. */
export function HealthSection({ channels, events }: { channels: readonly ChannelHealth[]; events: readonly HealthEvent[] }) {
  const t = useT();
  return (
    <section className={`${card} space-y-3`} data-testid="ops-health">
      <h2 className="font-semibold">{t('ops.health')}</h2>
      <DataTable columns={['ops.col.channel', 'ops.col.status', 'ops.col.testTime', 'ops.col.responseTime', 'ops.col.reason']} empty={channels.length === 0}>
        {channels.map((channel) => (
          <tr key={channel.id} className={table.row} data-testid="ops-health-row" data-id={channel.id}>
            <td className={table.cell}>#{channel.id} {channel.name}</td>
            <td className={table.cell}>
              <span className={`${tag.base} ${statusTag[channel.status] ?? tag.grey}`} data-testid="status">{t(`ops.status.${channel.status}` as MessageKey)}</span>
            </td>
            <td className={table.cell}>{channel.testTime > 0 ? time(channel.testTime * 1000) : t('ops.never')}</td>
            <td className={table.cell}>{channel.testTime > 0 ? `${channel.responseTime} ms` : '-'}</td>
            <td className={table.cell}>{channel.reason ?? ''}</td>
          </tr>
        ))}
      </DataTable>
      <HealthEvents events={events} />
    </section>
  );
}
