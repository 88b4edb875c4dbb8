import { format } from 'date-fns';
import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { percent } from '../format';
import type { FleetMember } from '@tollgate/wire';

/** Every gateway that reported in the last seconds: how busy its event loop is, its calls in flight, its version. */
export function FleetSection({ fleet }: { fleet: readonly FleetMember[] }) {
  const t = useT();
  const columns: Column<FleetMember>[] = [
    { id: 'gateway', label: t('ops.col.gateway'), required: true, cell: (member) => <span className="font-mono text-xs">{member.id.slice(0, 8)}</span>, sortValue: (member) => member.id },
    { id: 'eventLoop', label: t('ops.col.eventLoop'), numeric: true, cell: (member) => percent(member.eventLoopUtilization), sortValue: (member) => member.eventLoopUtilization },
    { id: 'inFlight', label: t('ops.col.inFlight'), numeric: true, cell: (member) => member.inFlight, sortValue: (member) => member.inFlight },
    { id: 'version', label: t('ops.col.version'), cell: (member) => member.version, sortValue: (member) => member.version },
    { id: 'uptime', label: t('ops.col.uptime'), cell: (member) => format(member.startedAt, 'yyyy-MM-dd HH:mm:ss'), sortValue: (member) => member.startedAt },
  ];
  return (
    <section className={card} data-testid="ops-fleet">
      <h2 className="mb-2 font-semibold">{t('ops.fleet')}</h2>
      <SortableTable id="ops-fleet" columns={columns} rows={fleet} rowKey={(member) => member.id} caption={t('ops.fleet')} empty={<EmptyState title={t('log.noData')} />} />
    </section>
  );
}
