import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen.js';

export interface GitHubAccount {
  login: string;
  name?: string | null;
  email?: string | null;
}
export interface LinuxDoAccount {
  id: number;
  username: string;
  name?: string;
}

/** The client credentials and secrets each stand-in accepts. */
export interface SignInMockSettings {
  github: { clientId: string; clientSecret: string };
  linuxdo: { clientId: string; clientSecret: string };
  wechat: { token: string };
  turnstile: { secret: string };
}

/** One HTTP request as a stand-in received it, for asserting the wire shape. */
export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Local stand-ins that speak the real protocols: GitHub's token endpoint (JSON or form body,
 * JSON answer when asked by Accept) and its Bearer user endpoint; Linux DO Connect's token
 * endpoint (Basic client auth, form body) and user endpoint; new-api's WeChat server
 * (`/api/wechat/user?code=`, token in Authorization); Cloudflare's Turnstile siteverify.
 * Codes, tokens and widget tokens are good once, as the real ones are.
 */
export async function startSignInMock(settings: SignInMockSettings) {
  const githubCodes = new Map<string, GitHubAccount>();
  const githubTokens = new Map<string, GitHubAccount>();
  const linuxDoCodes = new Map<string, LinuxDoAccount>();
  const linuxDoTokens = new Map<string, LinuxDoAccount>();
  const weChatCodes = new Map<string, string>();
  const turnstileTokens = new Set<string>();
  const seen: SeenRequest[] = [];
  /** Who the GitHub authorize page signs in as, and where it sends the browser back. */
  const authorize: { account: GitHubAccount | null; callbackUrl: string } = { account: null, callbackUrl: '' };

  const issue = <T>(codes: Map<string, T>, value: T): string => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, value);
    return code;
  };
  const takeOnce = <T>(codes: Map<string, T>, code: string): T | undefined => {
    const value = codes.get(code);
    codes.delete(code);
    return value;
  };

  const routes: Record<string, (req: IncomingMessage, url: URL, body: string, res: ServerResponse) => void> = {
    'GET /login/oauth/authorize': (_req, url, _body, res) => {
      if (!authorize.account || url.searchParams.get('client_id') !== settings.github.clientId) return sendJson(res, 404, { error: 'not found' });
      const target = new URL(authorize.callbackUrl);
      target.searchParams.set('code', issue(githubCodes, authorize.account));
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.toString() }).end();
    },
    'POST /login/oauth/access_token': (req, _url, body, res) => {
      const params = req.headers['content-type']?.includes('json') ? (JSON.parse(body || '{}') as Record<string, string>) : Object.fromEntries(new URLSearchParams(body));
      const answer = githubTokenAnswer(params, settings.github, (code) => takeOnce(githubCodes, code), (account) => issue(githubTokens, account));
      if (req.headers.accept?.includes('application/json')) return sendJson(res, 200, answer);
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end(new URLSearchParams(answer as Record<string, string>).toString());
    },
    'GET /user': (req, _url, _body, res) => {
      if (!req.headers['user-agent']) return sendJson(res, 403, { message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.' });
      const account = githubTokens.get(bearer(req));
      if (!account) return sendJson(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
      sendJson(res, 200, { login: account.login, id: 1000 + account.login.length, name: account.name ?? null, email: account.email ?? null });
    },
    'POST /oauth2/token': (req, _url, body, res) => {
      const basic = Buffer.from(`${settings.linuxdo.clientId}:${settings.linuxdo.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const params = new URLSearchParams(body);
      const account = params.get('grant_type') === 'authorization_code' ? takeOnce(linuxDoCodes, params.get('code') ?? '') : undefined;
      if (!account) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' });
      sendJson(res, 200, { access_token: issue(linuxDoTokens, account), token_type: 'bearer', expires_in: 3600 });
    },
    'GET /api/user': (req, _url, _body, res) => {
      const account = linuxDoTokens.get(bearer(req));
      if (!account) return sendJson(res, 401, { error: 'invalid_token' });
      sendJson(res, 200, { id: account.id, username: account.username, name: account.name ?? '', active: true, trust_level: 1, silenced: false });
    },
    'GET /api/wechat/user': (req, url, _body, res) => {
      if (req.headers.authorization !== settings.wechat.token) return sendJson(res, 200, { success: false, message: '无权进行此操作，token 无效' });
      const openId = takeOnce(weChatCodes, url.searchParams.get('code') ?? '');
      sendJson(res, 200, openId ? { success: true, message: '', data: openId } : { success: false, message: '验证码错误或已过期' });
    },
    'POST /turnstile/v0/siteverify': (_req, _url, body, res) => {
      const params = new URLSearchParams(body);
      if (params.get('secret') !== settings.turnstile.secret) return sendJson(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      const token = params.get('response') ?? '';
      const fresh = turnstileTokens.delete(token);
      sendJson(res, 200, fresh ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [] } : { success: false, 'error-codes': ['timeout-or-duplicate'] });
    },
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      seen.push({ path: url.pathname, headers: req.headers, body });
      const handler = routes[`${req.method} ${url.pathname}`];
      if (!handler) return sendJson(res, 404, { message: 'Not Found' });
      handler(req, url, body, res);
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    seen,
    githubCode: (account: GitHubAccount) => issue(githubCodes, account),
    linuxDoCode: (account: LinuxDoAccount) => issue(linuxDoCodes, account),
    weChatCode: (openId: string) => issue(weChatCodes, openId),
    turnstileToken: () => {
      const token = randomBytes(12).toString('hex');
      turnstileTokens.add(token);
      return token;
    },
    /** The next visit to GitHub's authorize page signs in as `account` and returns to `callbackUrl`. */
    authorizeGitHubAs(account: GitHubAccount, callbackUrl: string) {
      authorize.account = account;
      authorize.callbackUrl = callbackUrl;
    },
    close: listening.close,
  };
}

export type SignInMock = Awaited<ReturnType<typeof startSignInMock>>;

function githubTokenAnswer(
  params: Record<string, string>,
  client: { clientId: string; clientSecret: string },
  take: (code: string) => GitHubAccount | undefined,
  tokenFor: (account: GitHubAccount) => string,
): Record<string, string> {
  if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) {
    return { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' };
  }
  const account = take(params.code ?? '');
  if (!account) return { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
  return { access_token: tokenFor(account), token_type: 'bearer', scope: 'user:email' };
}

function bearer(req: IncomingMessage): string {
  return /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
