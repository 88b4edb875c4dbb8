import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { TwoFactor, TwoFactorStore } from '../../ports/documents/two-factor-store.js';
import { Claims } from './claims.js';

interface TwoFactorDoc {
  _id: number;
  secret: string;
  enabled: boolean;
  failedAttempts: number;
  lockedUntil: number | null;
  lastStep: number | null;
  /** Names this setup and, after each success, the run of attempts; claims of earlier ones never block. */
  round: string;
}

/** One recovery code: `_id` is user id and hash, so a user's codes are found and replaced together. */
interface BackupCodeDoc {
  _id: string;
  userId: number;
  hash: string;
  used: boolean;
}

const newRound = () => randomUUID();

/**
 * Two-factor settings in MongoDB: one document per user (`_id` = user id), one per recovery code.
 * Every once-only step (a time step, a recovery code, an attempt under the lockout) is decided by
 * a unique insert (Claims): on a server whose update is a read then a write (FerretDB) a
 * conditional update or `$inc` could let two callers through, an insert never does.
 */
export async function createMongoTwoFactorStore(connection: Connection): Promise<TwoFactorStore> {
  const settings = connection.collection<TwoFactorDoc>('two_factor');
  const codes = connection.collection<BackupCodeDoc>('two_factor_backup_codes');
  await codes.createIndex({ userId: 1 });
  const claims = new Claims(connection);
  const writeCodes = async (userId: number, hashes: string[]) => {
    await codes.deleteMany({ userId });
    if (hashes.length > 0) await codes.insertMany(hashes.map((hash) => ({ _id: `${userId}:${hash}`, userId, hash, used: false })));
  };
  const slotOf = async (userId: number, round: string, maxAttempts: number): Promise<number | null> => {
    for (let slot = 1; slot <= maxAttempts; slot++) if (await claims.claim(`2fa-try:${userId}:${round}:${slot}`)) return slot;
    return null;
  };
  return {
    async byUserId(userId) {
      const doc = await settings.findOne({ _id: userId });
      if (!doc) return null;
      const remaining = await codes.countDocuments({ userId, used: false });
      return { userId, secret: doc.secret, enabled: doc.enabled, failedAttempts: doc.failedAttempts, lockedUntil: doc.lockedUntil, backupCodesRemaining: remaining } satisfies TwoFactor;
    },
    async beginSetup(userId, secret, hashes) {
      const doc = { secret, enabled: false, failedAttempts: 0, lockedUntil: null, lastStep: null, round: newRound() };
      const replaced = await settings.replaceOne({ _id: userId, enabled: false }, doc);
      if (replaced.matchedCount === 0) {
        if (await settings.findOne({ _id: userId })) return false;
        await settings.insertOne({ _id: userId, ...doc });
      }
      await writeCodes(userId, hashes);
      return true;
    },
    async enable(userId) {
      return (await settings.updateOne({ _id: userId, enabled: false }, { $set: { enabled: true, failedAttempts: 0, lockedUntil: null } })).modifiedCount === 1;
    },
    async remove(userId) {
      await codes.deleteMany({ userId });
      return (await settings.deleteOne({ _id: userId })).deletedCount === 1;
    },
    async replaceBackupCodes(userId, hashes) {
      if (!(await settings.findOne({ _id: userId, enabled: true }))) return false;
      await writeCodes(userId, hashes);
      return true;
    },
    async unusedBackupCodeHashes(userId) {
      return (await codes.find({ userId, used: false }).toArray()).map((c) => c.hash);
    },
    async useBackupCode(userId, hash) {
      const _id = `${userId}:${hash}`;
      if (!(await codes.findOne({ _id, used: false })) || !(await claims.claim(`2fa-backup:${_id}`))) return false;
      await codes.updateOne({ _id }, { $set: { used: true } });
      return true;
    },
    async claimStep(userId, step) {
      const doc = await settings.findOne({ _id: userId });
      if (!doc || (doc.lastStep !== null && doc.lastStep >= step)) return false;
      if (!(await claims.claim(`2fa-step:${userId}:${doc.round}:${step}`))) return false;
      await settings.updateOne({ _id: userId, $or: [{ lastStep: null }, { lastStep: { $lt: step } }] }, { $set: { lastStep: step } });
      return true;
    },
    async takeAttempt(userId, now, { maxAttempts, lockMs }) {
      const doc = await settings.findOne({ _id: userId });
      if (!doc) return null;
      if (doc.lockedUntil !== null && doc.lockedUntil > now) return doc.lockedUntil;
      // An ended lock starts a new run of attempts: its end is part of the run's name.
      const slot = await slotOf(userId, `${doc.round}:${doc.lockedUntil ?? 0}`, maxAttempts);
      if (slot === null) return (await settings.findOne({ _id: userId }))?.lockedUntil ?? now + lockMs;
      const lock = slot === maxAttempts ? { lockedUntil: now + lockMs } : {};
      await settings.updateOne({ _id: userId }, { $set: { failedAttempts: slot, ...lock } });
      return null;
    },
    async clearAttempts(userId) {
      await settings.updateOne({ _id: userId }, { $set: { failedAttempts: 0, lockedUntil: null, round: newRound() } });
    },
    countEnabled: () => settings.countDocuments({ enabled: true }),
  };
}
