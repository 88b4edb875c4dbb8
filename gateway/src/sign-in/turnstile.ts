import { z } from 'zod';
import { type Outcome, requestJson } from './outbound.js';

const answer = z.object({ success: z.boolean().catch(false) }).catch({ success: false });

/** Cloudflare's siteverify: the widget's token, the secret and the visitor's IP as a form post. */
export async function verifyTurnstile(verifyUrl: string, secret: string, token: string, remoteIp: string): Promise<Outcome<void>> {
  const body = new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString();
  const result = await requestJson(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, answer, 'Turnstile 校验服务暂时不可用，请稍后重试');
  if (!result.ok) return result;
  return result.value.success ? { ok: true, value: undefined } : { ok: false, message: 'Turnstile 校验失败，请刷新重试！' };
}
