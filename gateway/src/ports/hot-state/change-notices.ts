/**
 * What kind of document changed; caches of that kind reload (the relay's routing table, the option
 * cache). `channelHealth` is a channel's test time or balance: nothing routes by it, but open
 * channel pages show it. `sessions`: some of the user's sessions ended, so their sockets close.
 * `ledgerAudit`: a run of the ledger's proof was recorded, so open operations views show it.
 * `subscriptions`: the user's (the id) subscriptions changed, so the relay reads them again.
 */
export const changeKinds = ['channels', 'channelHealth', 'tokens', 'users', 'options', 'sessions', 'ledgerAudit', 'subscriptions'] as const;
export type ChangeKind = (typeof changeKinds)[number];

export type ChangeListener = (kind: ChangeKind, id?: number) => void;

/**
 * Tells every gateway that a document changed, so in-process caches follow console edits.
 * Embedded: in-process. Cluster: Redis pub/sub.
 */
export interface ChangeNotices {
  /** `id` names the one document changed; absent means "reload them all". */
  publish(kind: ChangeKind, id?: number): void;
  /** Returns an unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
}
