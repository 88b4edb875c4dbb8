import { z } from 'zod';
import { type ChangeKind, type ChangeListener, type ChangeNotices, changeKinds } from '../../ports/hot-state/change-notices.js';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const kindSchema = z.enum(changeKinds);
const noticeSchema = z.object({ kind: kindSchema, id: z.number().int().optional() });
const TOPIC = 'notices';

/** The owner's side: a worker's notice is published on the owner's notices, and every notice there reaches every worker. */
export function changeNoticesHandlers(notices: ChangeNotices, owner: IpcOwner): PortHandlers {
  notices.subscribe((kind, id) => owner.broadcast(TOPIC, id === undefined ? { kind } : { kind, id }));
  return {
    publish: handle(z.tuple([noticeSchema]), ([{ kind, id }]) => notices.publish(kind, id)),
  };
}

/** A relay worker's notices: published through the owner, heard as the owner pushes them (the publisher's own included, as in one process). */
export class IpcChangeNotices implements ChangeNotices {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly client: IpcClient, private readonly onError: (error: unknown) => void) {
    client.onPush(TOPIC, (payload) => {
      const notice = noticeSchema.safeParse(payload);
      if (!notice.success) return onError(notice.error);
      for (const listener of this.listeners) listener(notice.data.kind, notice.data.id);
    });
  }

  publish(kind: ChangeKind, id?: number): void {
    this.client.call('notices', 'publish', [id === undefined ? { kind } : { kind, id }]).catch(this.onError);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
