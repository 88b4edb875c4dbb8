import { resolve } from 'node:path';
import { loggedConsumptionPerDay, logsKeptSince } from '@tollgate/analytics';
import { systemActor } from '../ports/documents/audit-event.js';
import { openBalances, openDocuments, openHistory, openHotState, openMailer, openQuerier } from '../composition/engines.js';
import { createProcessLog } from '../composition/process-log.js';
import type { EngineConfig } from '../config.js';
import { OptionCache } from '../options/option-cache.js';
import { createLedgerProver } from './ledger-prover.js';
import type { LedgerProof } from '../ports/ledger-prover.js';
import { proveAndRecord } from './record-proof.js';

/**
 * `npm run audit`: the ledger's proof over the engines `config` names, stored in the audit trail
 * and, on drift, mailed to root, like the scheduled run; in a cluster the gateways' operations views
 * hear of it through Redis. Embedded engines are files one process
 * opens at a time: stop Tollgate first, or use the console page or `POST /api/ledger_audit/`.
 */
export async function auditLedger(config: EngineConfig, onMailError: (error: unknown) => void): Promise<LedgerProof> {
  const dataDir = resolve(config.DATA_DIR);
  const balances = await openBalances(config, dataDir);
  const documents = await openDocuments(config, dataDir);
  const querier = await openQuerier(config, dataDir);
  const hot = openHotState(config, createProcessLog(config.LOG_LEVEL, 2));
  try {
    const options = new OptionCache(documents.options);
    await options.reload();
    const history = openHistory(querier);
    const ledgerProof = createLedgerProver({ events: history, historyThrough: () => history.ingestedThrough(), balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) });
    const deps = { ledgerProof, auditTrail: documents.auditTrail, users: documents.users, mailer: openMailer(options), notices: hot.notices };
    return (await proveAndRecord(deps, systemActor, 'local', onMailError)).proof;
  } finally {
    await hot.close();
    await querier.close();
    await documents.close();
    await balances.close();
  }
}
