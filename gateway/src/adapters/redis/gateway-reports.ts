import type { Redis } from 'ioredis';
import type { BackgroundLog } from '@tollgate/ledger';
import { followChannel } from '@tollgate/ledger/redis';
import { type GatewayReport, type GatewayReportListener, type GatewayReports, gatewayReportSchema } from '../../ports/gateway-reports.js';

function parseReport(text: string): GatewayReport | null {
  try {
    const parsed = gatewayReportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reports over Redis pub/sub: fire and forget, as the view wants (a report that arrives late is
 * superseded by the next one). `subscriber` must be a connection of its own (it enters subscribe mode).
 */
export class RedisGatewayReports implements GatewayReports {
  private readonly listeners = new Set<GatewayReportListener>();

  constructor(
    private readonly publisher: Redis,
    subscriber: Redis,
    private readonly channel: string,
    log: BackgroundLog,
  ) {
    followChannel(subscriber, channel, log);
    subscriber.on('message', (from: string, text: string) => {
      const report = from === channel ? parseReport(text) : null;
      if (report) for (const listener of this.listeners) listener(report);
    });
  }

  publish(report: GatewayReport): void {
    this.publisher.publish(this.channel, JSON.stringify(report)).catch(() => undefined);
  }

  subscribe(listener: GatewayReportListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
