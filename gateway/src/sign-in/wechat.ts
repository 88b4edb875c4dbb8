import { z } from 'zod';
import { type Outcome, requestJson } from './outbound.js';

const answer = z
  .object({ success: z.boolean().catch(false), message: z.string().catch(''), data: z.string().catch('') })
  .catch({ success: false, message: '', data: '' });

/**
 * The WeChat server (new-api's companion service) turns the code a user got by scanning the
 * official account's QR code into their WeChat id. Texts are new-api's.
 */
export async function weChatIdByCode(server: { address: string; token: string }, code: string): Promise<Outcome<string>> {
  const url = `${server.address.replace(/\/+$/, '')}/api/wechat/user?${new URLSearchParams({ code }).toString()}`;
  const result = await requestJson(url, { headers: { authorization: server.token } }, answer, '无法连接至微信服务器，请稍后重试！');
  if (!result.ok) return result;
  if (!result.value.success) return { ok: false, message: result.value.message || '验证码错误或已过期' };
  if (!result.value.data) return { ok: false, message: '验证码错误或已过期' };
  return { ok: true, value: result.value.data };
}
