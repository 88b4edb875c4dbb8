import { z } from 'zod';
import { type GatewayReportListener, type GatewayReports, gatewayReportSchema } from '../../ports/hot-state/gateway-reports.js';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const TOPIC = 'report';

/** The owner's side: every worker's reports go to the owner's reports; a collecting worker is pushed what they hear. */
export function gatewayReportsHandlers(reports: GatewayReports, owner: IpcOwner): PortHandlers {
  const collecting = new Map<number, () => void>();
  owner.onPeerGone((peer) => {
    collecting.get(peer.id)?.();
    collecting.delete(peer.id);
  });
  return {
    publish: handle(z.tuple([gatewayReportSchema]), ([report]) => reports.publish(report)),
    collect: handle(z.tuple([z.boolean()]), ([on], peer) => {
      collecting.get(peer.id)?.();
      collecting.delete(peer.id);
      if (on) collecting.set(peer.id, reports.collect((report) => owner.push(peer, TOPIC, report)));
    }),
  };
}

/** A relay worker's reports: each worker is a gateway of the fleet the operations view shows. */
export class IpcGatewayReports implements GatewayReports {
  private readonly listeners = new Set<GatewayReportListener>();

  constructor(private readonly client: IpcClient, private readonly onError: (error: unknown) => void) {
    client.onPush(TOPIC, (payload) => {
      const report = gatewayReportSchema.safeParse(payload);
      if (!report.success) return onError(report.error);
      for (const listener of this.listeners) listener(report.data);
    });
  }

  publish(report: Parameters<GatewayReports['publish']>[0]): void {
    this.client.call('reports', 'publish', [report]).catch(this.onError);
  }

  collect(listener: GatewayReportListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.client.call('reports', 'collect', [true]).catch(this.onError);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.client.call('reports', 'collect', [false]).catch(this.onError);
    };
  }
}
