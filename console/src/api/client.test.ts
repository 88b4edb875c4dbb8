import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, stubApi } from '../test/render';
import { translate } from '../i18n';
import { ApiError, api, setApiHandlers } from './client';

function handlers() {
  const notify = vi.fn();
  const expired = vi.fn();
  setApiHandlers({ notify, expired });
  return { notify, expired };
}

afterEach(() => setApiHandlers({ notify: () => {}, expired: () => {} }));

describe('api client', () => {
  it('unwraps data and sends the stored user id and the cookie', async () => {
    signIn(1, 42);
    const calls = stubApi({ '/api/user/self': { quota: 7 } });
    await expect(api('GET', '/api/user/self')).resolves.toEqual({ quota: 7 });
    expect(calls[0]?.headers.get('New-Api-User')).toBe('42');
  });

  it('shows the server message of success=false and throws it with the payload', async () => {
    const { notify } = handlers();
    stubApi({ '/api/token/': { reply: { success: false, message: '令牌名称过长' } } });
    const error = await api('POST', '/api/token/', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).payload).toMatchObject({ success: false, message: '令牌名称过长' });
    expect(notify).toHaveBeenCalledWith('令牌名称过长');
  });

  it('keeps quiet calls quiet', async () => {
    const { notify } = handlers();
    stubApi({ '/api/notice': { reply: { success: false, message: 'nope' } } });
    await expect(api('GET', '/api/notice', undefined, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends a 401 to the login page and forgets the user', async () => {
    const { expired, notify } = handlers();
    signIn();
    stubApi({ '/api/user/self': { reply: { status: 401, success: false, message: 'unauthorized' } } });
    await expect(api('GET', '/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each([
    [429, '请求次数过多，请稍后再试！'],
    [500, '服务器内部错误，请联系管理员！'],
    [403, '错误：无权进行此操作'],
  ])('maps HTTP %i to its message', async (status, text) => {
    const { notify } = handlers();
    stubApi({ '/api/x': { reply: { status, success: false, message: '无权进行此操作' } } });
    await expect(api('GET', '/api/x')).rejects.toMatchObject({ status });
    expect(notify).toHaveBeenCalledWith(text);
  });

  it("says its own failures in the reader's language once the app wires it in", async () => {
    const notify = vi.fn();
    setApiHandlers({ notify, expired: () => {}, t: (key, vars) => translate('en', key, vars) });
    stubApi({ '/api/x': { reply: { status: 429, success: false } } });
    await expect(api('GET', '/api/x')).rejects.toBeInstanceOf(ApiError);
    stubApi({ '/api/y': { reply: { status: 403, success: false, message: 'no' } } });
    await expect(api('GET', '/api/y')).rejects.toBeInstanceOf(ApiError);
    expect(notify.mock.calls).toEqual([['Too many requests, please try again later!'], ['Error: no']]);
  });
});
