import mongoose from 'mongoose';
import type { Documents } from '../../ports/documents/documents.js';
import { createMongoChannelStore } from './mongo-channel-store.js';
import { createMongoOptionStore } from './mongo-option-store.js';
import { createMongoRedemptionStore } from './mongo-redemption-store.js';
import { createMongoTokenStore } from './mongo-token-store.js';
import { createMongoTopUpStore } from './mongo-top-up-store.js';
import { createMongoSubscriptionStore } from './mongo-subscription-store.js';
import { createMongoUserStore } from './mongo-user-store.js';
import { createMongoTaskStore } from './mongo-task-store.js';
import { createMongoTwoFactorStore } from './mongo-two-factor-store.js';
import { createMongoAuditTrail } from './mongo-audit-trail.js';

/** Connects to the database named in `uri` and opens every document store on it (indexes built). */
export async function createMongoDocuments({ uri }: { uri: string }): Promise<Documents> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  return {
    users: await createMongoUserStore(connection),
    tokens: await createMongoTokenStore(connection),
    channels: await createMongoChannelStore(connection),
    options: createMongoOptionStore(connection),
    redemptions: await createMongoRedemptionStore(connection),
    topUps: await createMongoTopUpStore(connection),
    subscriptions: await createMongoSubscriptionStore(connection),
    tasks: await createMongoTaskStore(connection),
    twoFactor: await createMongoTwoFactorStore(connection),
    auditTrail: await createMongoAuditTrail(connection),
    close: () => connection.close(),
  };
}
