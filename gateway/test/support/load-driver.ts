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

/** Sends `total` calls, `concurrency` at a time, injecting each fault once its moment comes. */
export async function driveLoad(total: number, concurrency: number, call: (index: number) => Promise<number>, faults: Fault[]): Promise<LoadResult> {
  const statuses: number[] = [];
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
      statuses[index] = await call(index).catch(() => 0);
      answered++;
      for (const fault of faults) if (fault.afterAnswered === answered) running.push(runFault(fault));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await Promise.all(running);
  return { statuses, answeredDuring };
}
