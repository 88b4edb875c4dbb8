import type { StoredEvent } from '../ports/event-log.js';

/** One user's logged consumption on one UTC day. */
export interface DailyConsumption {
  userId: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  quota: number;
  calls: number;
}

/** The UTC day of a log row made at `seconds` (rows keep whole seconds, so the day follows them). */
export function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * Sums the consumption the log implies per user and day: every `UsageRecorded` that was logged
 * (the calls made with consume logging off have no log row to compare with), given each event
 * once (see `eachOnce`), up to a second `until` (exclusive), so calls still on their way to the log store are left out.
 */
export class ConsumptionFold {
  private readonly totals = new Map<string, DailyConsumption>();

  constructor(private readonly untilSeconds: number) {}

  add({ event }: StoredEvent): void {
    if (event.type !== 'UsageRecorded' || event.data.logged === false) return;
    const seconds = Math.floor(event.metadata.occurredAt / 1000);
    if (seconds >= this.untilSeconds) return;
    const day = utcDay(seconds);
    const key = `${event.data.userId}/${day}`;
    const total = this.totals.get(key) ?? { userId: event.data.userId, day, quota: 0, calls: 0 };
    total.quota += event.data.quota;
    total.calls += 1;
    this.totals.set(key, total);
  }

  rows(): DailyConsumption[] {
    return [...this.totals.values()].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
  }
}
