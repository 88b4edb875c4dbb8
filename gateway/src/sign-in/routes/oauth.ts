import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { randomAlphanumeric } from '../../auth/token-key.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { OpsContext } from '../../contexts/ops.js';
import type { AuditContext } from '../../contexts/audit.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { CodePurpose } from '../../ports/hot-state/one-time-codes.js';
import { gitHubIdentity } from '../github.js';
import type { ExternalIdentity } from '../identity.js';
import { linuxDoIdentity } from '../linuxdo.js';
import { oidcClientOf, oidcIdentity } from '../oidc.js';
import type { Outcome } from '../outbound.js';
import { bindLinked, type LinkedService, signInLinked } from '../../accounts/routes/linked-accounts.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { sessionAccount } from '../../api/support/sign-in.js';

export type OAuthDeps = AccountsContext & OpsContext & AuditContext;

const STATE_LENGTH = 16;
/**
 * The state also goes to the browser that asked for it, in a signed cookie: a state an attacker
 * fetched for themselves cannot finish a sign-in or a bind in a victim's browser.
 */
const STATE_COOKIE = 'oauth_state';
/** Long enough to sign in at the provider, short enough that a leaked state soon means nothing. */
const STATE_TTL_MS = 10 * 60_000;

/** A provider of the OAuth authorization-code flow, as its switch, texts and client name it. */
interface CodeProvider extends LinkedService {
  path: string;
  enabledOption: string;
  offMessage: string;
  /** `state` is the callback's one-time state, which OIDC also checks as the ID token's nonce. */
  identity(deps: OAuthDeps, code: string, state: string): Promise<Outcome<ExternalIdentity>>;
}

const PROVIDERS: CodeProvider[] = [
  {
    path: '/oauth/github',
    field: 'githubId',
    usernamePrefix: 'github',
    enabledOption: 'GitHubOAuthEnabled',
    offMessage: '管理员未开启通过 GitHub 登录以及注册',
    takenMessage: '该 GitHub 账户已被绑定',
    identity: ({ config, options }, code) =>
      gitHubIdentity({ oauthUrl: config.GITHUB_OAUTH_URL, apiUrl: config.GITHUB_API_URL }, { id: options.string('GitHubClientId'), secret: options.string('GitHubClientSecret') }, code),
  },
  {
    path: '/oauth/linuxdo',
    field: 'linuxDoId',
    usernamePrefix: 'linuxdo',
    enabledOption: 'LinuxDOOAuthEnabled',
    offMessage: '管理员未开启通过 Linux DO 登录以及注册',
    takenMessage: '该 Linux DO 账户已被绑定',
    identity: ({ config, options }, code) => linuxDoIdentity(config.LINUXDO_OAUTH_URL, { id: options.string('LinuxDOClientId'), secret: options.string('LinuxDOClientSecret') }, code),
  },
  {
    path: '/oauth/oidc',
    field: 'oidcId',
    usernamePrefix: 'oidc',
    enabledOption: 'oidc.enabled',
    offMessage: '管理员未开启通过 OIDC 登录以及注册',
    takenMessage: '该 OIDC 账户已被绑定',
    identity: ({ options }, code, state) => oidcIdentity(oidcClientOf(options), code, state),
  },
];

const callbackQuery = z.object({
  code: queryString,
  state: queryString,
  /** The invite code the console remembered, for an account this sign-in opens. */
  aff: queryString,
  /** Set by the provider instead of a code when the user declined. */
  error: queryString,
  error_description: queryString,
});

function isOwnState(request: FastifyRequest, state: string | undefined): state is string {
  const raw = request.cookies[STATE_COOKIE];
  if (!state || !raw) return false;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value === state;
}

function registerCallback(app: FastifyInstance, ctx: ApiContext<OAuthDeps>, provider: CodeProvider): void {
  const { deps } = ctx;
  route(app, 'GET', provider.path, null, async (request, reply) => {
    const query = parseInput(callbackQuery, request.query);
    if (query.error) throw new ApiFailure(query.error_description || query.error);
    // One use per state, in the browser that started it: a replayed or planted callback is refused.
    if (!isOwnState(request, query.state) || !(await deps.codes.redeem(CodePurpose.OAuthState, query.state, query.state))) {
      throw new ApiFailure('state is empty or not same', 403);
    }
    void reply.clearCookie(STATE_COOKIE, { path: '/api/oauth' });
    if (!deps.options.boolean(provider.enabledOption)) throw new ApiFailure(provider.offMessage);
    if (!query.code) throw new ApiFailure('无效的参数');
    const identity = await provider.identity(deps, query.code, query.state);
    if (!identity.ok) throw new ApiFailure(identity.message);
    const current = await sessionAccount(request, deps);
    if (!current) return ok(await signInLinked(ctx, reply, provider, identity.value, query.aff));
    await bindLinked(ctx, request, current, provider, identity.value.id);
    return ok(undefined, 'bind');
  });
}

/** GitHub, Linux DO and OIDC sign-in and binding, and the state that ties a callback to its start. */
export function registerOAuthRoutes(app: FastifyInstance, ctx: ApiContext<OAuthDeps>): void {
  route(app, 'GET', '/oauth/state', null, async (_request, reply) => {
    const state = randomAlphanumeric(STATE_LENGTH);
    await ctx.deps.codes.issue(CodePurpose.OAuthState, state, state, STATE_TTL_MS);
    void reply.setCookie(STATE_COOKIE, state, { signed: true, httpOnly: true, sameSite: 'lax', path: '/api/oauth', maxAge: STATE_TTL_MS / 1000 });
    return ok(state);
  });
  for (const provider of PROVIDERS) registerCallback(app, ctx, provider);
}
