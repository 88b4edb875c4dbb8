import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { randomAlphanumeric } from '../../auth/token-key.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { Options } from '../../ports/options.js';
import { CodePurpose } from '../../ports/hot-state/one-time-codes.js';
import { VERIFICATION_VALID_MINUTES, verificationMail } from './account-mails.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { commaList } from '../../api/support/groups.js';
import { route } from '../../api/support/route.js';
import { requireTurnstile } from '../../api/support/turnstile-guard.js';
import { EMAIL_TAKEN } from './user-fields.js';
import type { AccountsContext } from '../../contexts/accounts.js';

export type EmailVerificationDeps = AccountsContext;

const CODE_LENGTH = 6;
const NOT_WHITELISTED =
  "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";

export const emailQuery = z.object({ email: z.email({ message: INVALID_PARAMS }) });

/** With EmailDomainRestrictionEnabled, only the domains of EmailDomainWhitelist (a comma list) may receive codes. */
function checkDomainAllowed(options: Options, email: string): void {
  if (!options.boolean('EmailDomainRestrictionEnabled')) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const allowed = commaList(options.string('EmailDomainWhitelist')).map((d) => d.toLowerCase());
  if (!allowed.includes(domain)) throw new ApiFailure(NOT_WHITELISTED);
}

/** GET /api/verification?email=: mails a 6-character code that registration (and binding) redeem once. */
export function registerEmailVerificationRoute(app: FastifyInstance, ctx: ApiContext<EmailVerificationDeps>): void {
  const { deps } = ctx;
  route(app, 'GET', '/verification', requireTurnstile(deps), async (request) => {
    const { email } = parseInput(emailQuery, request.query);
    checkDomainAllowed(deps.options, email);
    if (await deps.users.byEmail(email)) throw new ApiFailure(EMAIL_TAKEN);
    const code = randomAlphanumeric(CODE_LENGTH);
    await deps.codes.issue(CodePurpose.EmailVerification, email, code, VERIFICATION_VALID_MINUTES * 60_000);
    const sent = await deps.mailer.send(verificationMail(deps.options, email, code));
    if (!sent.ok) throw new ApiFailure(sent.message);
    return ok();
  });
}
