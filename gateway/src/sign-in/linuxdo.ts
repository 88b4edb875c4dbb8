import { z } from 'zod';
import type { ExternalIdentity } from './identity.js';
import { type Outcome, requestJson } from './outbound.js';

const tokenAnswer = z
  .object({ access_token: z.string().catch(''), message: z.string().catch(''), error_description: z.string().catch('') })
  .catch({ access_token: '', message: '', error_description: '' });
const userAnswer = z.object({ id: z.number().int().catch(0), username: z.string().catch(''), name: z.string().nullish().catch(null) }).catch({ id: 0, username: '', name: null });

/**
 * Linux DO Connect: the code is exchanged with client credentials in Basic auth and a form body,
 * the token reads the user; its numeric id is what gets bound. Texts are new-api's.
 */
export async function linuxDoIdentity(baseUrl: string, client: { id: string; secret: string }, code: string): Promise<Outcome<ExternalIdentity>> {
  const basic = Buffer.from(`${client.id}:${client.secret}`).toString('base64');
  const token = await requestJson(
    `${baseUrl}/oauth2/token`,
    {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
    },
    tokenAnswer,
    'failed to connect to Linux DO server',
  );
  if (!token.ok) return token;
  if (!token.value.access_token) return { ok: false, message: `failed to get access token: ${token.value.message || token.value.error_description}` };
  const user = await requestJson(
    `${baseUrl}/api/user`,
    { headers: { authorization: `Bearer ${token.value.access_token}`, accept: 'application/json' } },
    userAnswer,
    'failed to get user info from Linux DO',
  );
  if (!user.ok) return user;
  if (!user.value.id) return { ok: false, message: 'invalid user info returned' };
  return { ok: true, value: { id: String(user.value.id), displayName: user.value.name || user.value.username, email: '' } };
}
