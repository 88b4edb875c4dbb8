import { format } from 'date-fns';
import { DataTable } from '../../../components/ui/data-table';
import { card, table } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { percent } from '../format';
import type { FleetMember } from '@tollgate/wire';

/** Every gateway that reported in the last seconds: how busy its event loop is, its calls in flight, its version. */
export function FleetSection({ fleet }: { fleet: readonly FleetMember[] }) {
  const t = useT();
  return (
    <section className={card} data-testid="ops-fleet">
      <h2 className="mb-2 font-semibold">{t('ops.fleet')}</h2>
      <DataTable columns={['ops.col.gateway', 'ops.col.eventLoop', 'ops.col.inFlight', 'ops.col.version', 'ops.col.uptime']} empty={fleet.length === 0}>
        {fleet.map((member) => (
          <tr key={member.id} className={table.row} data-testid="ops-fleet-row">
            <td className={`${table.cell} font-mono text-xs`}>{member.id.slice(0, 8)}</td>
            <td className={table.cell}>{percent(member.eventLoopUtilization)}</td>
            <td className={table.cell}>{member.inFlight}</td>
            <td className={table.cell}>{member.version}</td>
            <td className={table.cell}>{format(member.startedAt, 'yyyy-MM-dd HH:mm:ss')}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
