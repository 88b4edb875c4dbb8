import { z } from 'zod';
import { tallySchema } from './ops-tally.js';

/** What a gateway says of itself every half second: its health, and what it relayed since its last report. */
export const gatewayReportSchema = z.object({
  /** Unique per process (a restarted gateway is a new one). */
  gatewayId: z.string().min(1),
  version: z.string(),
  startedAt: z.number(),
  /** When the report was made, milliseconds since the epoch: the tally belongs to this second. */
  atMs: z.number(),
  /** Share of the time since the last report the event loop was busy (0 to 1). */
  eventLoopUtilization: z.number().min(0).max(1),
  inFlight: z.number().int(),
  tally: tallySchema,
});
export type GatewayReport = z.infer<typeof gatewayReportSchema>;

export type GatewayReportListener = (report: GatewayReport) => void;

/**
 * The gateways' reports (the operations view's fleet and traffic), sent by every gateway and heard
 * by the one that collects them for the fleet (`live/ops-collector.ts`): the bytes grow with the
 * number of gateways, not with its square. In-process with one gateway, Redis pub/sub with many.
 */
export interface GatewayReports {
  /** Sends a report; delivery is best effort (a lost report is a gap in a live chart, nothing more). */
  publish(report: GatewayReport): void;
  /**
   * Hears every gateway's reports, the sender's included, until the returned function is called.
   * A gateway that does not collect is sent none: nothing is delivered while no one collects.
   */
  collect(listener: GatewayReportListener): () => void;
}
