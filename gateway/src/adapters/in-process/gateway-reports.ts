import type { GatewayReport, GatewayReportListener, GatewayReports } from '../../ports/hot-state/gateway-reports.js';

/** One gateway: its reports go straight to its own listeners. */
export class InProcessGatewayReports implements GatewayReports {
  private readonly listeners = new Set<GatewayReportListener>();

  publish(report: GatewayReport): void {
    for (const listener of this.listeners) listener(report);
  }

  collect(listener: GatewayReportListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
