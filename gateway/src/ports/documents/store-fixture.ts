/** What a contract suite gets from an adapter's factory: a fresh, empty store and how to dispose of it. */
export interface StoreFixture<T> {
  store: T;
  close(): Promise<void> | void;
}

export type StoreFactory<T> = () => Promise<StoreFixture<T>> | StoreFixture<T>;
