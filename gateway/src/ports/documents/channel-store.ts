/** An upstream provider account. `key` is a secret: it leaves the server only to admins. */
export interface Channel {
  id: number;
  type: number;
  name: string;
  key: string;
  status: number;
  baseUrl: string;
  other: string;
  /** Comma lists, as on the wire. */
  models: string;
  group: string;
  /** JSON text: requested model -> upstream model. */
  modelMapping: string;
  statusCodeMapping: string;
  openaiOrganization: string;
  testModel: string;
  autoBan: number;
  priority: number;
  weight: number;
  balance: number;
  responseTime: number;
  testTime: number;
  balanceUpdatedTime: number;
  createdTime: number;
  otherInfo: string;
}

export type NewChannel = Omit<Channel, 'id'>;

export interface ChannelStore {
  create(channel: NewChannel): Promise<Channel>;
  byId(id: number): Promise<Channel | null>;
  update(id: number, patch: Partial<Omit<Channel, 'id'>>): Promise<Channel | null>;
  delete(id: number): Promise<boolean>;
  /** Every channel, for the in-process routing table. */
  all(): Promise<Channel[]>;
  list(query: { offset: number; limit: number; idSort?: boolean }): Promise<{ items: Channel[]; total: number }>;
  /** Inserts a channel under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(channel: Channel): Promise<boolean>;
}
