import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { type Outcome, requestJson } from './outbound.js';

/** What the provider's `/.well-known/openid-configuration` says, as far as sign-in needs it. */
export interface OidcProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
}

const metadataSchema = z
  .object({
    issuer: z.string().catch(''),
    authorization_endpoint: z.string().catch(''),
    token_endpoint: z.string().catch(''),
    userinfo_endpoint: z.string().catch(''),
    jwks_uri: z.string().catch(''),
  })
  .catch({ issuer: '', authorization_endpoint: '', token_endpoint: '', userinfo_endpoint: '', jwks_uri: '' });

export const OIDC_UNREACHABLE = '无法连接至 OIDC 服务器，请稍后重试！';
export const NO_DISCOVERY = 'OIDC Well-Known 文档缺少 issuer 或 jwks_uri，无法校验 ID Token，请检查设置！';

/** A provider's document changes rarely; re-read after this long, so a key or endpoint move is picked up. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/**
 * A failed read is remembered this long: `/api/status` names the authorize page from the document,
 * and a provider that is down must not hold every page load for the 5 s timeout.
 */
const FAILURE_TTL_MS = 30_000;

const documents = new Map<string, { read: Outcome<OidcProviderMetadata>; readAt: number }>();
const keySets = new Map<string, JWTVerifyGetKey>();

/** The discovery document at `wellKnown`, read once per ten minutes; one without issuer or JWKS fails. */
export async function discoverOidc(wellKnown: string, now = Date.now()): Promise<Outcome<OidcProviderMetadata>> {
  const cached = documents.get(wellKnown);
  if (cached && now - cached.readAt < (cached.read.ok ? DISCOVERY_TTL_MS : FAILURE_TTL_MS)) return cached.read;
  const fetched = await requestJson(wellKnown, { headers: { accept: 'application/json' } }, metadataSchema, OIDC_UNREACHABLE);
  const read: Outcome<OidcProviderMetadata> = fetched.ok && (!fetched.value.issuer || !fetched.value.jwks_uri) ? { ok: false, message: NO_DISCOVERY } : fetched;
  documents.set(wellKnown, { read, readAt: now });
  return read;
}

/**
 * The provider's signing keys, one set per JWKS address: jose fetches them on first use and again
 * when a token names a key it does not hold (a rotation), at most once per cooldown.
 */
export function providerKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000 });
    keySets.set(jwksUri, keys);
  }
  return keys;
}
