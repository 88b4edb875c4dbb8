import type { HoldStore } from '../../src/ports/hold-store.js';

/** FAKE, for management API tests only: the API never takes holds, so any call is a bug. */
export const unusedHoldStore: HoldStore = new Proxy({} as HoldStore, {
  get(_target, property) {
    return () => {
      throw new Error(`HoldStore.${String(property)} called by the management API`);
    };
  },
});
