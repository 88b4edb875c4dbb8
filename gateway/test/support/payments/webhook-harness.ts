import { vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ContextLog } from '../../../src/contexts/core.js';
import type { ApiHarness } from '../../api-app.js';

/** A log whose warn and error lines a test reads back. */
export function spyLog() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log: log as unknown as ContextLog, warns: () => log.warn.mock.calls, errors: () => log.error.mock.calls };
}

/** Serves the harness's API on a loopback port, so a provider's mock posts its webhook over real HTTP. */
export async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** The user's balance as the ledger applied it, and how many distinct QuotaGranted events were appended. */
export async function credited(harness: ApiHarness, userId: number) {
  await new Promise((resolve) => setTimeout(resolve, 20)); // the fake ledger applies appends on a later tick
  const [balance] = await harness.ledger.balances.users([userId]);
  const ids = new Set(harness.ledger.ofType('QuotaGranted').filter((e) => e.data.userId === userId).map((e) => e.metadata.eventId));
  return { quota: balance?.quota ?? 0, events: ids.size };
}
