import type { Redis } from 'ioredis';
import { type BackgroundLog, runInBackground } from '@tollgate/ledger';
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
 * superseded by the next one). Only a collecting gateway subscribes, so Redis sends each report to
 * one connection, not to every gateway. `subscriber` is the process's subscribe-mode connection;
 * ioredis subscribes it again to the channel after a reconnection (`autoResubscribe`).
 */
export class RedisGatewayReports implements GatewayReports {
  private readonly listeners = new Set<GatewayReportListener>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: BackgroundLog,
  ) {
    subscriber.on('message', (from: string, text: string) => {
      if (from !== channel || this.listeners.size === 0) return;
      const report = parseReport(text);
      if (report) for (const listener of this.listeners) listener(report);
    });
  }

  publish(report: GatewayReport): void {
    this.publisher.publish(this.channel, JSON.stringify(report)).catch(() => undefined);
  }

  collect(listener: GatewayReportListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) runInBackground(`subscribe to ${this.channel}`, () => this.subscriber.subscribe(this.channel), this.log);
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      runInBackground(`unsubscribe from ${this.channel}`, () => this.subscriber.unsubscribe(this.channel), this.log);
    };
  }
}
