import { type BackgroundLog, runInBackground } from '@tollgate/ledger';
import type { ShardPublisher, ShardSubscriber } from '@tollgate/ledger/redis';
import { type GatewayReport, type GatewayReportListener, type GatewayReports, gatewayReportSchema } from '../../../ports/hot-state/gateway-reports.js';

function parseReport(text: string): GatewayReport | null {
  try {
    const parsed = gatewayReportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reports over Redis sharded pub/sub (one shard channel: on a Redis Cluster one primary relays it,
 * not every node over the bus): fire and forget, as the view wants (a report that arrives late is
 * superseded by the next one). Only a collecting gateway subscribes, so Redis sends each report to
 * one connection, not to every gateway. `subscriber` is the process's subscribe-mode connection
 * (it carries other shard channels too); ioredis subscribes it again after a reconnection or a
 * Cluster's failover, and so does this adapter when its connection is ready again.
 */
export class RedisGatewayReports implements GatewayReports {
  private readonly listeners = new Set<GatewayReportListener>();

  constructor(
    private readonly publisher: ShardPublisher,
    private readonly subscriber: ShardSubscriber,
    private readonly channel: string,
    private readonly log: BackgroundLog,
  ) {
    subscriber.on('smessage', (from: string, text: string) => {
      if (from !== channel || this.listeners.size === 0) return;
      const report = parseReport(text);
      if (report) for (const listener of this.listeners) listener(report);
    });
    subscriber.on('ready', () => {
      if (this.listeners.size > 0) this.subscribe();
    });
  }

  publish(report: GatewayReport): void {
    this.publisher.spublish(this.channel, JSON.stringify(report)).catch(() => undefined);
  }

  collect(listener: GatewayReportListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.subscribe();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      runInBackground(`unsubscribe from ${this.channel}`, () => this.subscriber.sunsubscribe(this.channel), this.log);
    };
  }

  private subscribe(): void {
    runInBackground(`subscribe to ${this.channel}`, () => this.subscriber.ssubscribe(this.channel), this.log);
  }
}
