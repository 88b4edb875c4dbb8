import { useState } from 'react';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type OpsSnapshot, opsSnapshotSchema } from '@tollgate/wire';
import { type LiveState, useSocketEvents } from './use-socket-events';

/** The server's whole operations view (gateway live/ops-collector.ts), every half second, admins only. */
export const OPS_EVENT = 'ops';

/** The latest pushed view; null until the first push (within a second of connecting). */
export function useLiveOps(connect: () => LiveSocket = connectSocket): LiveState & { snapshot: OpsSnapshot | null } {
  const [snapshot, setSnapshot] = useState<OpsSnapshot | null>(null);
  const state = useSocketEvents(connect, {
    [OPS_EVENT]: (payload) => {
      const parsed = opsSnapshotSchema.safeParse(payload);
      if (parsed.success) setSnapshot(parsed.data);
    },
  });
  return { ...state, snapshot };
}
