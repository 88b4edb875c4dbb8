import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { requiredMongoUri } from '../../../test/support/config.js';
import { newChannel, runChannelStoreContract } from '../../ports/documents/channel-store.contract.js';
import { NO_CHANNEL_EXTRAS } from '../../ports/documents/channel-store.js';
import { runOptionStoreContract } from '../../ports/documents/option-store.contract.js';
import { runRestoreContract } from '../../ports/documents/restore.contract.js';
import { runRedemptionStoreContract } from '../../ports/documents/redemption-store.contract.js';
import { runTokenStoreContract } from '../../ports/documents/token-store.contract.js';
import { runTaskStoreContract } from '../../ports/documents/task-store.contract.js';
import { runTopUpStoreContract } from '../../ports/documents/top-up-store.contract.js';
import { runSubscriptionStoreContract } from '../../ports/documents/subscription-store.contract.js';
import { runTwoFactorStoreContract } from '../../ports/documents/two-factor-store.contract.js';
import { runUserStoreContract } from '../../ports/documents/user-store.contract.js';
import { runAuditTrailContract } from '../../ports/documents/audit-trail.contract.js';
import type { NewUser } from '../../ports/documents/user-store.js';
import { createMongoDocuments } from './index.js';
import type { Documents } from '../../ports/documents/documents.js';

/** Every document store's contract against a real MongoDB-wire server, each test on a database of its own. */
const uri = requiredMongoUri();

async function freshDocuments() {
  const url = new URL(uri);
  url.pathname = `/docs_${randomBytes(6).toString('hex')}`;
  return createMongoDocuments({ uri: url.toString() });
}

const newUser = (username: string): NewUser => ({ username, passwordHash: 'h', displayName: username, role: 1, status: 1, email: '', group: 'default', affCode: '', inviterId: 0, accessToken: '', githubId: '', wechatId: '', telegramId: '', linuxDoId: '', oidcId: '' });

function fixture<K extends Exclude<keyof Documents, 'close'>>(kind: K) {
  return async () => {
    const documents = await freshDocuments();
    return { store: documents[kind], close: () => documents.close() };
  };
}

runUserStoreContract('mongo', fixture('users'));
runTokenStoreContract('mongo', fixture('tokens'));
runChannelStoreContract('mongo', fixture('channels'));
runOptionStoreContract('mongo', fixture('options'));
runRedemptionStoreContract('mongo', fixture('redemptions'));
runTopUpStoreContract('mongo', fixture('topUps'));
runSubscriptionStoreContract('mongo', fixture('subscriptions'));
runTaskStoreContract('mongo', fixture('tasks'));
runAuditTrailContract('mongo', fixture('auditTrail'));
runTwoFactorStoreContract('mongo', fixture('twoFactor'));
runRestoreContract('mongo', async () => {
  const documents = await freshDocuments();
  return { store: documents, close: () => documents.close() };
});

describe('mongo documents under concurrent writers', () => {
  it('gives every concurrently created user its own id (the counter may hand out one twice; the insert draws again)', async () => {
    const documents = await freshDocuments();
    try {
      const created = await Promise.all(Array.from({ length: 20 }, (_, i) => documents.users.create(newUser(`concurrent-${i}`))));
      expect(new Set(created.map((u) => u.id)).size).toBe(20);
      expect(await documents.users.count()).toBe(20);
    } finally {
      await documents.close();
    }
  });
});

describe('mongo documents written before a field existed', () => {
  it('reads a channel without tag, remark, setting, overrides and channel_info as the defaults, not undefined', async () => {
    const url = new URL(uri);
    url.pathname = `/docs_${randomBytes(6).toString('hex')}`;
    const documents = await createMongoDocuments({ uri: url.toString() });
    const raw = await mongoose.createConnection(url.toString()).asPromise();
    try {
      const created = await documents.channels.create(newChannel({ tag: 'kept', remark: 'r' }));
      // As an older Tollgate wrote it: none of the fields added since.
      await raw.collection('channels').updateOne({ _id: created.id } as never, { $unset: { tag: '', remark: '', setting: '', paramOverride: '', headerOverride: '', channelInfo: '' } });
      const read = await documents.channels.byId(created.id);
      expect(read).toEqual({ ...created, ...NO_CHANNEL_EXTRAS });
      expect((await documents.channels.all()).map((channel) => channel.headerOverride)).toEqual(['']);
    } finally {
      await raw.close();
      await documents.close();
    }
  });
});

