import type { ChangeKind, ChangeListener, ChangeNotices } from '../../ports/hot-state/change-notices.js';

/** Change notices within one process: listeners are called synchronously, in order. */
export function createInProcessChangeNotices(): ChangeNotices {
  const listeners = new Set<ChangeListener>();
  return {
    publish(kind: ChangeKind, id?: number) {
      for (const listener of listeners) listener(kind, id);
    },
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
