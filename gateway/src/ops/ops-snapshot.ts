/** The console's `ops` event: the whole operations view, pushed to administrators every half second. */
export interface OpsSnapshot {
  /** When it was made, milliseconds since the epoch. */
  at: number;
  /** The last 60 seconds, on every gateway. */
  now: { rpm: number; tpm: number; spendPerMinute: number; errorRate: number };
  /** The last hour by minute, as far as this gateway has heard it (the console fills older minutes from the rollup). */
  minutes: MinutePoint[];
  /** Per channel id ("0": refused before a channel was picked), busiest first. */
  channels: BreakdownRow[];
  /** Per model, busiest first. */
  models: BreakdownRow[];
  topUsers: RankedSpender[];
  topTokens: RankedSpender[];
  fleet: FleetMember[];
}

export interface MinutePoint {
  /** The minute's start, epoch seconds. */
  minute: number;
  calls: number;
  errors: number;
  tokens: number;
  quota: number;
}

export interface BreakdownRow {
  key: string;
  calls: number;
  /** HTTP status -> failed calls. */
  errors: Record<string, number>;
  tokens: number;
  quota: number;
  p50Ms: number | null;
  p95Ms: number | null;
  firstTokenP50Ms: number | null;
  firstTokenP95Ms: number | null;
}

export interface RankedSpender {
  id: number;
  name: string;
  quota: number;
  calls: number;
}

export interface FleetMember {
  id: string;
  version: string;
  startedAt: number;
  /** When its last report was made. */
  seenAt: number;
  eventLoopUtilization: number;
  inFlight: number;
}
