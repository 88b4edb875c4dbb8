import { type Throughput, throughputSchema } from '@tollgate/wire';
import { useEffect, useState } from 'react';
import { connectSocket, type LiveSocket } from '../../../live/socket';

/** Points the live chart keeps: the server pushes about once a second, so a few minutes. */
export const THROUGHPUT_POINTS = 120;

export interface ThroughputPoint extends Throughput {
  /** When the point arrived, milliseconds since the epoch. */
  at: number;
}

/** The pushed RPM/TPM (everyone's for admins), newest last, as long as the page is open. */
export function useThroughputHistory(admin: boolean, connect: () => LiveSocket = connectSocket): ThroughputPoint[] {
  const [points, setPoints] = useState<ThroughputPoint[]>([]);
  useEffect(() => {
    const socket = connect();
    socket.on(admin ? 'throughput_all' : 'throughput', (payload: unknown) => {
      const parsed = throughputSchema.safeParse(payload);
      if (parsed.success) setPoints((old) => [...old, { ...parsed.data, at: Date.now() }].slice(-THROUGHPUT_POINTS));
    });
    return () => {
      socket.disconnect();
    };
  }, [connect, admin]);
  return points;
}
