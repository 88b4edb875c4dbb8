import { randomUUID } from 'node:crypto';
import { emptyToken, emptyUser, type SettledHold } from '@tollgate/ledger';
import { RedisWorkProbe } from '@tollgate/gateway/src/adapters/redis/redis-work.js';
import type { Row } from '../report.js';

export interface HotStateOptions {
  calls: number;
  /** The Redis to measure on (REDIS_URL); its counters are read before and after. */
  redisUrl: string | undefined;
}

export interface HotStateFigures {
  calls: number;
  seconds: number;
  commandsPerCall: number;
  cpuMicrosPerCall: number;
}

const USERS = 1_000;
const LANES = 64;
/** The ledger releases what it applied in batches; a batch per this many calls, as under load. */
const LEDGER_BATCH = 200;
const HOLD_TTL_MS = 60_000;

/**
 * What a relayed call costs Redis, measured on Redis itself: the gateway's two scripts (take a
 * hold, settle it at the call's price) and the ledger's share of one script per user and batch
 * (release the settled holds, set the balance), from 64 lanes over 1,000 users, as the hold store
 * runs them in production. Redis's own CPU a call is what sizes a primary.
 */
export async function measureHotState({ calls, redisUrl }: HotStateOptions & { redisUrl: string }, log: (line: string) => void): Promise<HotStateFigures> {
  const redis = new RedisWorkProbe(redisUrl);
  try {
    const holds = redis.holdStore(`bench-${randomUUID().slice(0, 8)}:`);
    const users = Array.from({ length: USERS }, (_, i) => ({ ...emptyUser(i + 1), quota: 1e12 }));
    await holds.seed(users, users.map((user) => ({ ...emptyToken(user.userId, user.userId), remainQuota: 1e12 })));
    let settled: SettledHold[] = [];
    const applyBatch = async () => {
      const batch = settled;
      settled = [];
      await holds.applyLedgerChanges({ users: [], tokens: [], channels: [], settledHolds: batch, appliedEvents: [] });
    };
    let next = 0;
    const lane = async () => {
      while (next < calls) {
        const userId = (next++ % USERS) + 1;
        const holdId = randomUUID();
        const taken = await holds.acquire({ holdId, userId, tokenId: userId, least: 10, most: 100, ttlMs: HOLD_TTL_MS });
        if (!taken.ok) throw new Error(`hot-state bench: a hold was refused (${taken.reason})`);
        await holds.adjust({ holdId, userId }, 42);
        settled.push({ holdId, userId });
        if (settled.length >= LEDGER_BATCH) await applyBatch();
      }
    };
    const before = await redis.work();
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: LANES }, lane));
    await applyBatch();
    const seconds = (performance.now() - startedAt) / 1_000;
    const after = await redis.work();
    log(`hot-state: ${calls} calls in ${seconds.toFixed(1)} s`);
    return { calls, seconds, commandsPerCall: (after.commands - before.commands) / calls, cpuMicrosPerCall: (after.cpuMicros - before.cpuMicros) / calls };
  } finally {
    redis.close();
  }
}

export function hotStateRows(figures: HotStateFigures): Row[] {
  const perPrimary = 1e6 / figures.cpuMicrosPerCall;
  return [{
    measure: `Redis per relayed call's hot state (take, settle, the ledger's release), ${figures.calls} calls from ${LANES} lanes over ${USERS} users`,
    direct: '',
    tollgate: `${figures.cpuMicrosPerCall.toFixed(1)} µs of Redis CPU, ${figures.commandsPerCall.toFixed(1)} commands (${Math.round(figures.calls / figures.seconds)} calls a second from one client process)`,
    added: `one primary's core: about ${Math.round(perPrimary)} calls a second`,
    target: '',
  }];
}
