/** A fault injected once `afterAnswered` calls have been answered, while the others go on. */
export interface Fault {
  name: string;
  afterAnswered: number;
  /** Breaks something; `repair` mends it after `downMs`. */
  inject(): Promise<void>;
  repair(): Promise<void>;
  downMs: number;
}

export interface LoadResult {
  /** The HTTP status of each call, 0 when it got no answer. */
  statuses: number[];
  /** Per fault, how many calls were answered while it was in effect. */
  answeredDuring: Record<string, number>;
}

export interface LoadShape {
  total: number;
  /** Calls in flight at most. */
  concurrency: number;
  /**
   * Calls started per second at most. Paced, the load outlasts its faults however fast the
   * gateways answer: unpaced, a fast run could finish before a fault's down time is over.
   */
  perSecond: number;
}

/** Sends the calls, `concurrency` at a time and paced, injecting each fault once its moment comes. */
export async function driveLoad({ total, concurrency, perSecond }: LoadShape, call: (index: number) => Promise<number>, faults: Fault[]): Promise<LoadResult> {
  const statuses: number[] = [];
  const startedAt = Date.now();
  const answeredDuring: Record<string, number> = {};
  const running: Promise<void>[] = [];
  let next = 0;
  let answered = 0;
  const runFault = async (fault: Fault) => {
    await fault.inject();
    const before = answered;
    await new Promise((r) => setTimeout(r, fault.downMs));
    answeredDuring[fault.name] = answered - before;
    await fault.repair();
  };
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const wait = startedAt + (index * 1000) / perSecond - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      statuses[index] = await call(index).catch(() => 0);
      answered++;
      for (const fault of faults) if (fault.afterAnswered === answered) running.push(runFault(fault));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await Promise.all(running);
  return { statuses, answeredDuring };
}
