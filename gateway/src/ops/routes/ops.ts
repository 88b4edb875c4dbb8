import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { channelHealthOf } from '../channel-health.js';
import { latestLedgerAudit } from '../ledger-audit-summary.js';
import type { ApiContext } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import type { AuditContext } from '../../contexts/audit.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';

export type OpsDeps = ChannelsContext & AuditContext & AnalyticsContext;

const HOUR_MINUTES = 60;

/**
 * `/api/ops/`: what the operations view starts from before the pushes take over: the last hour's
 * traffic per minute from the ClickHouse rollup, every channel's health, and the latest run of the
 * ledger's proof (`ledgerAudit`, null before the first). Administrators only.
 */
export function registerOpsRoutes(app: FastifyInstance, { deps, guard }: ApiContext<OpsDeps>): void {
  route(app, 'GET', '/ops/', guard.admin, async () => {
    const thisMinute = Math.floor(Date.now() / 60_000) * 60;
    const [minutes, channels, ledgerAudit] = await Promise.all([
      deps.usage.trafficPerMinute({ fromMinute: thisMinute - (HOUR_MINUTES - 1) * 60, toMinute: thisMinute }),
      deps.channels.all(),
      latestLedgerAudit(deps.auditTrail),
    ]);
    return ok({ minutes, channels: channels.map(channelHealthOf).sort((a, b) => a.id - b.id), ledgerAudit });
  });
}
