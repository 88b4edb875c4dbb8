import { type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Options } from '../ports/options.js';
import type { ExternalIdentity } from './identity.js';
import { discoverOidc, OIDC_UNREACHABLE, type OidcProviderMetadata, providerKeys } from './oidc-discovery.js';
import { type Outcome, requestJson } from './outbound.js';

const NO_TOKEN = 'OIDC 获取 Token 失败，请检查设置！';
const NO_USER_INFO = 'OIDC 获取用户信息失败！请检查设置！';
const EMPTY_USER = 'OIDC 获取用户信息为空！请检查设置！';
const BAD_ID_TOKEN = 'OIDC ID Token 校验失败，请重新登录';
const NO_WELL_KNOWN = '请先填写 OIDC Well-Known 地址';
/** Seconds of clock difference with the provider that expiry and not-before forgive. */
const CLOCK_TOLERANCE_SECONDS = 30;

const tokenAnswer = z
  .object({ access_token: z.string().catch(''), id_token: z.string().catch('') })
  .catch({ access_token: '', id_token: '' });
const userAnswer = z
  .object({ sub: z.string().catch(''), email: z.string().nullish().catch(null), name: z.string().nullish().catch(null) })
  .catch({ sub: '', email: null, name: null });

/** The `oidc.*` options, and the callback address the console sends the provider back to. */
export interface OidcClient {
  clientId: string;
  clientSecret: string;
  wellKnown: string;
  /** Set in the options, these win over the discovery document's. */
  tokenEndpoint: string;
  userInfoEndpoint: string;
  redirectUri: string;
}

export function oidcClientOf(options: Options): OidcClient {
  return {
    clientId: options.string('oidc.client_id'),
    clientSecret: options.string('oidc.client_secret'),
    wellKnown: options.string('oidc.well_known'),
    tokenEndpoint: options.string('oidc.token_endpoint'),
    userInfoEndpoint: options.string('oidc.user_info_endpoint'),
    redirectUri: `${options.string('ServerAddress')}/oauth/oidc`,
  };
}

/** Where the console sends the browser to sign in: the option, else the discovery document's. */
export async function oidcAuthorizationEndpoint(options: Options): Promise<string> {
  const configured = options.string('oidc.authorization_endpoint');
  const wellKnown = options.string('oidc.well_known');
  if (configured || !wellKnown || !options.boolean('oidc.enabled')) return configured;
  const metadata = await discoverOidc(wellKnown);
  return metadata.ok ? metadata.value.authorization_endpoint : '';
}

/**
 * The ID token is the provider's signed word on who signed in: its signature (the provider's JWKS),
 * issuer, audience (this client), expiry and, when the console sent one, nonce (the one-time state)
 * must all hold. A second audience needs `azp` naming this client (OIDC Core 3.1.3.7).
 */
async function verifiedIdToken(idToken: string, metadata: OidcProviderMetadata, client: OidcClient, state: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(idToken, providerKeys(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: client.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.nonce !== undefined && payload.nonce !== state) return null;
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== client.clientId) return null;
    return payload;
  } catch {
    return null;
  }
}

/** The code exchanged at the token endpoint (client_secret_post, form body, as new-api sends it). */
function exchangeCode(endpoint: string, client: OidcClient, code: string) {
  const body = new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, code, grant_type: 'authorization_code', redirect_uri: client.redirectUri });
  const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  return requestJson(endpoint, { method: 'POST', headers, body: body.toString() }, tokenAnswer, OIDC_UNREACHABLE);
}

/** Reads the user behind `access`; new-api's texts when the provider refuses or leaves fields empty. */
async function userInfo(endpoint: string, access: string): Promise<Outcome<z.infer<typeof userAnswer>>> {
  try {
    const response = await fetch(endpoint, { headers: { authorization: `Bearer ${access}`, accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    if (response.status !== 200) return { ok: false, message: NO_USER_INFO };
    return { ok: true, value: userAnswer.parse(await response.json().catch(() => ({}))) };
  } catch {
    return { ok: false, message: OIDC_UNREACHABLE };
  }
}

/**
 * OIDC's authorization-code flow: discovery, the code exchange, the ID token checked, then the
 * user info, whose `sub` must be the ID token's. The subject is what gets bound; new-api needs an email too.
 */
export async function oidcIdentity(client: OidcClient, code: string, state: string): Promise<Outcome<ExternalIdentity>> {
  if (!client.wellKnown) return { ok: false, message: NO_WELL_KNOWN };
  const metadata = await discoverOidc(client.wellKnown);
  if (!metadata.ok) return metadata;
  const token = await exchangeCode(client.tokenEndpoint || metadata.value.token_endpoint, client, code);
  if (!token.ok) return token;
  if (!token.value.access_token || !token.value.id_token) return { ok: false, message: NO_TOKEN };
  const claims = await verifiedIdToken(token.value.id_token, metadata.value, client, state);
  if (!claims) return { ok: false, message: BAD_ID_TOKEN };
  const user = await userInfo(client.userInfoEndpoint || metadata.value.userinfo_endpoint, token.value.access_token);
  if (!user.ok) return user;
  if (!user.value.sub || !user.value.email) return { ok: false, message: EMPTY_USER };
  if (user.value.sub !== claims.sub) return { ok: false, message: BAD_ID_TOKEN };
  return { ok: true, value: { id: user.value.sub, displayName: user.value.name || 'OIDC User', email: user.value.email } };
}
