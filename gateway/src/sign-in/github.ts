import { z } from 'zod';
import type { ExternalIdentity } from './identity.js';
import { type Outcome, requestJson } from './outbound.js';

export interface GitHubEndpoints {
  /** https://github.com: the authorize page and the token endpoint. */
  oauthUrl: string;
  /** https://api.github.com: the user endpoint. */
  apiUrl: string;
}

const UNREACHABLE = '无法连接至 GitHub 服务器，请稍后重试！';
const NO_USER = '返回值非法，用户字段为空，请稍后重试！';

const tokenAnswer = z.object({ access_token: z.string().catch('') }).catch({ access_token: '' });
const userAnswer = z
  .object({ login: z.string().catch(''), name: z.string().nullish().catch(null), email: z.string().nullish().catch(null) })
  .catch({ login: '', name: null, email: null });

/**
 * GitHub's web flow: the code is exchanged for a token (JSON body, JSON answer), the token reads
 * the user. The login (not the numeric id) is what new-api binds, so accounts move between them.
 */
export async function gitHubIdentity(endpoints: GitHubEndpoints, client: { id: string; secret: string }, code: string): Promise<Outcome<ExternalIdentity>> {
  const token = await requestJson(
    `${endpoints.oauthUrl}/login/oauth/access_token`,
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ client_id: client.id, client_secret: client.secret, code }) },
    tokenAnswer,
    UNREACHABLE,
  );
  if (!token.ok) return token;
  if (!token.value.access_token) return { ok: false, message: NO_USER };
  const user = await requestJson(
    `${endpoints.apiUrl}/user`,
    { headers: { authorization: `Bearer ${token.value.access_token}`, accept: 'application/vnd.github+json', 'user-agent': 'Tollgate' } },
    userAnswer,
    UNREACHABLE,
  );
  if (!user.ok) return user;
  if (!user.value.login) return { ok: false, message: NO_USER };
  return { ok: true, value: { id: user.value.login, displayName: user.value.name || 'GitHub User', email: user.value.email ?? '' } };
}
