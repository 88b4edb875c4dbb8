import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { OAuthCallbackPage } from './oauth-callback-page';

const pages = (
  <Routes>
    <Route path="/oauth/github" element={<OAuthCallbackPage provider="github" />} />
    <Route path="/oauth/linuxdo" element={<OAuthCallbackPage provider="linuxdo" />} />
    <Route path="/token" element={<p>token page</p>} />
    <Route path="/setting" element={<p>setting page</p>} />
  </Routes>
);

describe('OAuthCallbackPage', () => {
  it('hands code, state and the remembered invite code to the API once, stores the user and goes to /token', async () => {
    localStorage.setItem('aff', 'AbCd');
    const calls = stubApi({ 'GET /api/oauth/github': { id: 9, username: 'github_9', display_name: 'Octo', role: 1, status: 1, group: 'default' } });
    renderPage(pages, '/oauth/github?code=the-code&state=the-state');
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(screen.getByText('登录成功！')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 9, username: 'github_9' });
    expect(calls.map((c) => c.url)).toEqual(['/api/oauth/github?code=the-code&state=the-state&aff=AbCd']);
  });

  it('goes to /setting saying so when the answer is "bind"', async () => {
    stubApi({ 'GET /api/oauth/linuxdo': { reply: { message: 'bind' } } });
    renderPage(pages, '/oauth/linuxdo?code=c&state=s');
    expect(await screen.findByText('setting page')).toBeTruthy();
    expect(screen.getByText('绑定成功！')).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows the refusal, then the redirect text, and goes to /setting', async () => {
    stubApi({ 'GET /api/oauth/github': { reply: { success: false, message: '该 GitHub 账户已被绑定' } } });
    renderPage(pages, '/oauth/github?code=c&state=s');
    expect((await screen.findByTestId('toast-error')).textContent).toBe('该 GitHub 账户已被绑定');
    expect(await screen.findByText('操作失败，重定向至登录界面中...')).toBeTruthy();
    expect(await screen.findByText('setting page', {}, { timeout: 3000 })).toBeTruthy();
  });
});
