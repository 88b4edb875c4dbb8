import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { CoreContext } from '../../contexts/core.js';
import { audits } from '../../audit/admin-writes.js';
import { COMPLIANCE_TERMS_VERSION } from '../compliance.js';

const confirmBody = z.object({ confirmed: z.boolean() });

/**
 * new-api's payment compliance confirmation (POST /api/option/payment_compliance): today's new-api
 * console asks the super administrator to confirm its terms before its payment settings, and reads
 * the record back from GET /api/option/; a session must confirm, not an access token. Tollgate
 * keeps the record (who, when, from where, the terms' version) in new-api's options and the audit
 * trail; its payments do not wait on it.
 */
export function registerPaymentComplianceRoute(app: FastifyInstance, { deps, guard }: ApiContext<CoreContext>): void {
  route(app, 'POST', '/option/payment_compliance', guard.root, async (request) => {
    // A person at the console confirms, not a script: new-api refuses an access token here (403, its text).
    if (request.signedInBy !== 'session') throw new ApiFailure('This operation requires dashboard session authentication. API access token is not allowed.', 403);
    if (!parseInput(confirmBody, request.body).confirmed) throw new ApiFailure('请确认合规声明');
    const record = { confirmed: true, terms_version: COMPLIANCE_TERMS_VERSION, confirmed_at: Math.floor(Date.now() / 1000), confirmed_by: signedIn(request).id };
    const stored = {
      'payment_setting.compliance_confirmed': 'true',
      'payment_setting.compliance_terms_version': record.terms_version,
      'payment_setting.compliance_confirmed_at': String(record.confirmed_at),
      'payment_setting.compliance_confirmed_by': String(record.confirmed_by),
      'payment_setting.compliance_confirmed_ip': request.ip,
    };
    for (const [key, value] of Object.entries(stored)) await deps.options.set(key, value);
    deps.notices.publish('options');
    return ok(record);
  }, audits.paymentComplianceConfirmed);
}
