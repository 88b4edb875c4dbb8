import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerAuditRoutes } from './audit.js';
import { registerLedgerAuditRoutes } from './ledger-audit.js';

/** The API routes of the audit trail and the ledger's proof. */
export function registerAuditApi(app: FastifyInstance, ctx: ApiContext): void {
  registerAuditRoutes(app, ctx);
  registerLedgerAuditRoutes(app, ctx);
}
