import type { Throughput } from '@tollgate/wire';
import { useState } from 'react';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { useLivePush } from '../../../live/use-live-push';

/** Points the live chart keeps: the server pushes about once a second, so a few minutes. */
export const THROUGHPUT_POINTS = 120;

export interface ThroughputPoint extends Throughput {
  /** When the point arrived, milliseconds since the epoch. */
  at: number;
}

/** The pushed RPM/TPM (everyone's for admins), newest last, as long as the page is open. */
export function useThroughputHistory(admin: boolean, connect: () => LiveSocket = connectSocket): ThroughputPoint[] {
  const [points, setPoints] = useState<ThroughputPoint[]>([]);
  useLivePush(admin ? 'throughput_all' : 'throughput', (pushed) => setPoints((old) => [...old, { ...pushed, at: Date.now() }].slice(-THROUGHPUT_POINTS)), connect);
  return points;
}
