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
  /** new-api's tag: channels sharing one are listed, switched and edited together ('' for none). */
  tag: string;
  /** An admin's note. */
  remark: string;
  /** JSON text: new-api's channel setting (force_format, proxy, system_prompt, ...). */
  setting: string;
  /** JSON text merged into the upstream request body ('' for none). */
  paramOverride: string;
  /** JSON text: headers set on the upstream request, `{api_key}` standing for the key used ('' for none). */
  headerOverride: string;
  /** JSON text: new-api's channel_info, the keys' modes and statuses of a multi-key channel ('' for a single key). */
  channelInfo: string;
  /** JSON text: new-api's other settings (`settings`), here its upstream_model_update_* fields ('' for none). */
  settings: string;
}

export type NewChannel = Omit<Channel, 'id'>;

/** The fields a channel made without new-api's extras has: no tag, note, setting, override, nor multi-key state. */
export const NO_CHANNEL_EXTRAS = { tag: '', remark: '', setting: '', paramOverride: '', headerOverride: '', channelInfo: '', settings: '' } as const satisfies Partial<Channel>;

export interface ChannelStore {
  create(channel: NewChannel): Promise<Channel>;
  byId(id: number): Promise<Channel | null>;
  update(id: number, patch: Partial<Omit<Channel, 'id'>>): Promise<Channel | null>;
  delete(id: number): Promise<boolean>;
  /** Every channel, for the in-process routing table. */
  all(): Promise<Channel[]>;
  /** Inserts a channel under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(channel: Channel): Promise<boolean>;
}
