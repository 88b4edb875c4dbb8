import { useState } from 'react';
import type { LivePushName, OpsSnapshot } from '@tollgate/wire';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LivePushState, useLivePush } from '../../../live/use-live-push';

/** The server's whole operations view (gateway live/ops-collector.ts), every half second, admins only. */
export const OPS_EVENT = 'ops' satisfies LivePushName;

/** The latest pushed view; null until the first push (within a second of connecting). */
export function useLiveOps(connect: () => LiveSocket = connectSocket): LivePushState & { snapshot: OpsSnapshot | null } {
  const [snapshot, setSnapshot] = useState<OpsSnapshot | null>(null);
  const state = useLivePush(OPS_EVENT, setSnapshot, connect);
  return { ...state, snapshot };
}
