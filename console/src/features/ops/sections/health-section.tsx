import { format } from 'date-fns';
import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import type { HealthEvent } from '../live/use-live-channel-health';
import type { BreakerNote, ChannelHealth } from '@tollgate/wire';

const statusTag: Record<number, string> = { 1: tag.green, 2: tag.grey, 3: tag.red };
const breakerTag: Record<BreakerNote['state'], string> = { closed: tag.green, open: tag.red, 'half-open': tag.grey };
const isGood = (kind: HealthEvent['kind']) => kind === 'enabled' || kind === 'closed';
const time = (epochMs: number) => format(epochMs, 'yyyy-MM-dd HH:mm:ss');

function HealthEvents({ events }: { events: readonly HealthEvent[] }) {
  const t = useT();
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{t('ops.healthEvents')}</h3>
      {events.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('ops.noEvents')}</p>}
      <ul className="space-y-1 text-sm" data-testid="ops-health-events">
        {events.map((event) => (
          <li key={`${event.kind}-${event.channelId}-${event.at}`} className={isGood(event.kind) ? 'text-emerald-700 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300'}>
            {time(event.at)} · {t(`ops.event.${event.kind}` as MessageKey, { name: event.keyIndex === undefined ? event.name : t('ops.breaker.keyOf', { name: event.name, index: event.keyIndex }), reason: event.reason })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The breaker's state (a key's, for a multi-key channel's key), and until when an open one keeps the channel or key out. */
function BreakerCell({ note }: { note: BreakerNote }) {
  const t = useT();
  return (
    <span title={note.reason} data-testid="breaker">
      {note.keyIndex !== undefined && <span className="mr-1 text-xs" data-testid="breaker-key">{t('ops.breaker.key', { index: note.keyIndex })}</span>}
      <span className={`${tag.base} ${breakerTag[note.state]}`}>{t(`ops.breaker.${note.state}` as MessageKey)}</span>
      {note.state === 'open' && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">{t('ops.breaker.until', { time: time(note.until) })}</span>}
    </span>
  );
}

/** A multi-key channel's keys that a breaker holds, each with its state; otherwise the channel's last transition. */
function BreakerCells({ channel }: { channel: ChannelHealth }) {
  if (channel.keyBreakers?.length) return <span className="flex flex-wrap gap-1">{channel.keyBreakers.map((note) => <BreakerCell key={note.keyIndex} note={note} />)}</span>;
  return channel.breaker ? <BreakerCell note={channel.breaker} /> : '-';
}

function useHealthColumns(): Column<ChannelHealth>[] {
  const t = useT();
  const tested = (channel: ChannelHealth) => channel.testTime > 0;
  return [
    { id: 'channel', label: t('ops.col.channel'), required: true, cell: (channel) => `#${channel.id} ${channel.name}`, sortValue: (channel) => channel.id },
    {
      id: 'status', label: t('ops.col.status'), sortValue: (channel) => channel.status,
      cell: (channel) => <span className={`${tag.base} ${statusTag[channel.status] ?? tag.grey}`} data-testid="status">{t(`ops.status.${channel.status}` as MessageKey)}</span>,
    },
    {
      id: 'breaker', label: t('ops.col.breaker'), sortValue: (channel) => channel.breaker?.state ?? '',
      cell: (channel) => <BreakerCells channel={channel} />,
    },
    { id: 'testTime', label: t('ops.col.testTime'), cell: (channel) => (tested(channel) ? time(channel.testTime * 1000) : t('ops.never')), sortValue: (channel) => channel.testTime },
    { id: 'responseTime', label: t('ops.col.responseTime'), numeric: true, cell: (channel) => (tested(channel) ? `${channel.responseTime} ms` : '-'), sortValue: (channel) => (tested(channel) ? channel.responseTime : -1) },
    { id: 'reason', label: t('ops.col.reason'), cell: (channel) => channel.reason ?? '', sortValue: (channel) => channel.reason ?? '' },
  ];
}

/** Each channel's state, breaker, last test and response time, and the automatic switch-offs, re-enables and breaker transitions as they happen. */
export function HealthSection({ channels, events }: { channels: readonly ChannelHealth[]; events: readonly HealthEvent[] }) {
  const t = useT();
  const columns = useHealthColumns();
  return (
    <section className={`${card} space-y-3`} data-testid="ops-health">
      <h2 className="font-semibold">{t('ops.health')}</h2>
      <SortableTable id="ops-health" columns={columns} rows={channels} rowKey={(channel) => channel.id} caption={t('ops.health')} rowProps={(channel) => ({ 'data-id': channel.id })}
        empty={<EmptyState title={t('log.noData')} action={{ label: t('empty.firstChannel'), to: '/channel/add' }} />} />
      <HealthEvents events={events} />
    </section>
  );
}
