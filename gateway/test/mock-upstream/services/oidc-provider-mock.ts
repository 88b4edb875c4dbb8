import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { listenOnLoopback, sendJson } from '../listen.js';

export interface OidcAccount {
  sub: string;
  email: string;
  name?: string;
  preferred_username?: string;
}

/** A way the next ID token is made wrong, for the cases the gateway must refuse. */
export interface IdTokenForgery {
  /** Signed with a key the JWKS does not publish, under the published key's id. */
  foreignKey?: boolean;
  audience?: string;
  issuer?: string;
  /** Seconds past expiry. */
  expiredBy?: number;
  nonce?: string;
  sub?: string;
}

interface Grant {
  account: OidcAccount;
  clientId: string;
  redirectUri: string;
  nonce?: string;
}

const bearer = (req: IncomingMessage) => (req.headers.authorization ?? '').replace(/^Bearer /, '');

/**
 * A local OpenID Provider speaking the real protocol: the discovery document, the authorize page
 * (which signs in as the account it is told to and redirects back with code and state), the token
 * endpoint (client_secret_post or Basic, codes good once and only for the redirect_uri they were
 * issued for), the user info endpoint (Bearer) and the JWKS. ID tokens are real RS256 JWTs.
 */
export async function startOidcProvider(client: { id: string; secret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, OidcAccount>();
  const state: { signInAs: OidcAccount | null; forgery: IdTokenForgery } = { signInAs: null, forgery: {} };
  let issuer = '';

  const issueCode = (grant: Grant) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, grant);
    return code;
  };

  const idToken = async (grant: Grant): Promise<string> => {
    const forged = state.forgery;
    state.forgery = {};
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = { email: grant.account.email, name: grant.account.name };
    const nonce = forged.nonce ?? grant.nonce;
    if (nonce !== undefined) claims.nonce = nonce;
    const exp = forged.expiredBy ? now - forged.expiredBy : now + 600;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(forged.issuer ?? issuer)
      .setAudience(forged.audience ?? grant.clientId)
      .setSubject(forged.sub ?? grant.account.sub)
      .setIssuedAt(Math.min(now, exp - 60))
      .setExpirationTime(exp)
      .sign(forged.foreignKey ? foreign.privateKey : privateKey);
  };

  const clientOf = (req: IncomingMessage, form: URLSearchParams) => {
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':') : [];
    return { id: form.get('client_id') ?? basic[0] ?? '', secret: form.get('client_secret') ?? basic[1] ?? '' };
  };

  const token = async (req: IncomingMessage, body: string, res: ServerResponse) => {
    const form = new URLSearchParams(body);
    const caller = clientOf(req, form);
    if (caller.id !== client.id || caller.secret !== client.secret) return sendJson(res, 401, { error: 'invalid_client' });
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')) return sendJson(res, 400, { error: 'invalid_grant' });
    const access = randomBytes(16).toString('hex');
    accessTokens.set(access, grant.account);
    sendJson(res, 200, { access_token: access, id_token: await idToken(grant), token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email' });
  };

  const routes: Record<string, (req: IncomingMessage, url: URL, body: string, res: ServerResponse) => void | Promise<void>> = {
    'GET /.well-known/openid-configuration': (_req, _url, _body, res) =>
      sendJson(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      }),
    'GET /jwks': (_req, _url, _body, res) => sendJson(res, 200, { keys: [jwk] }),
    'GET /authorize': (_req, url, _body, res) => {
      const q = url.searchParams;
      if (!state.signInAs || q.get('client_id') !== client.id || q.get('response_type') !== 'code' || !q.get('scope')?.split(' ').includes('openid')) return sendJson(res, 400, { error: 'invalid_request' });
      const redirectUri = q.get('redirect_uri') ?? '';
      const target = new URL(redirectUri);
      target.searchParams.set('code', issueCode({ account: state.signInAs, clientId: client.id, redirectUri, nonce: q.get('nonce') ?? undefined }));
      target.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: target.toString() }).end();
    },
    'POST /token': (req, _url, body, res) => token(req, body, res),
    'GET /userinfo': (req, _url, _body, res) => {
      const account = accessTokens.get(bearer(req));
      if (!account) return sendJson(res, 401, { error: 'invalid_token' });
      sendJson(res, 200, { ...account, email_verified: true });
    },
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const handler = routes[`${req.method} ${url.pathname}`];
      if (!handler) return sendJson(res, 404, { error: 'not_found' });
      Promise.resolve(handler(req, url, body, res)).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
    });
  });
  const listening = await listenOnLoopback(server);
  issuer = listening.url;
  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    /** The next visit to the authorize page signs in as `account`. */
    signInAs(account: OidcAccount) {
      state.signInAs = account;
    },
    /** A code as the authorize page would give it, for a callback made without a browser. */
    code(account: OidcAccount, redirectUri: string, nonce?: string) {
      return issueCode({ account, clientId: client.id, redirectUri, nonce });
    },
    /** The next ID token is made wrong this way. */
    forgeNext(forgery: IdTokenForgery) {
      state.forgery = forgery;
    },
    close: listening.close,
  };
}

export type OidcProviderMock = Awaited<ReturnType<typeof startOidcProvider>>;
