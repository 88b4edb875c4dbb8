import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { chatLinks } from './chat-links';
import { ChatMenu } from './chat-menu';
import { ChatPage } from './pages';

const status = {
  server_address: 'https://gw.example',
  chats: [{ NextChat: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' }, { Lobe: 'https://lobe.example/?key={key}' }],
  chat_link: 'https://chat.example/',
};
/** Lists carry keys masked, as new-api's; the reveal call gives the whole key. */
const tokens = { items: [{ id: 1, key: 'di****ed', status: 2 }, { id: 2, key: 'ab****23', status: 1 }], total: 2 };
const reveal = { 'POST /api/token/2/key': { key: 'abc123' } };

/** The problem shows in the page and as an error toast. */
const shownTwice = (text: string) => waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));

describe('chat links', () => {
  it('fills the key and the encoded server address into every configured link', () => {
    expect(chatLinks(status as never, 'sk-abc123')).toEqual([
      { name: 'NextChat', url: 'https://app.nextchat.dev/#/?settings={"key":"sk-abc123","url":"https%3A%2F%2Fgw.example"}' },
      { name: 'Lobe', url: 'https://lobe.example/?key=sk-abc123' },
      { name: 'ChatLink', url: `https://chat.example/#/?settings=${encodeURIComponent('{"key":"sk-abc123","url":"https://gw.example"}')}` },
    ]);
  });

  it('embeds the chosen link with the first enabled token', async () => {
    signIn(1);
    const calls = stubApi({ '/api/status': status, '/api/token/': tokens, ...reveal });
    renderPage(<Routes><Route path="/chat/:id?" element={<ChatPage />} /></Routes>, '/chat/1');
    expect((await screen.findByTitle('Lobe')).getAttribute('src')).toBe('https://lobe.example/?key=sk-abc123');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/token/2/key']);
  });

  it('asks a visitor to sign in, and fetches no tokens for them', async () => {
    const calls = stubApi({ '/api/status': { chat_link: 'https://chat.example' } });
    renderPage(<ChatPage />, '/chat');
    expect(await screen.findByText('请先登录，聊天页面将带上你的令牌')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/token'))).toEqual([]);
  });

  it('says so when the user has no enabled token, then sends them to /token after 1.5 s', async () => {
    signIn(1);
    stubApi({ '/api/status': status, '/api/token/': { items: [], total: 0 } });
    renderPage(<Routes><Route path="/chat" element={<ChatPage />} /><Route path="/token" element={<p>token page</p>} /></Routes>, '/chat');
    await shownTwice('当前没有可用的启用令牌，请确认是否有令牌处于启用状态！');
    expect(screen.queryByText('token page')).toBeNull();
    expect(await screen.findByText('token page', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('asks for the administrator when no chat link is set', async () => {
    signIn(1);
    stubApi({ '/api/status': { server_address: 'https://gw.example' }, '/api/token/': tokens, ...reveal });
    renderPage(<ChatPage />, '/chat');
    await shownTwice('请联系管理员配置聊天链接');
  });

  it('says the link is misconfigured when /chat/{id} names no configured link', async () => {
    signIn(1);
    stubApi({ '/api/status': status, '/api/token/': tokens, ...reveal });
    renderPage(<Routes><Route path="/chat/:id?" element={<ChatPage />} /></Routes>, '/chat/7');
    await shownTwice('聊天链接配置错误，请联系管理员');
  });

  it('says the chat data cannot be read when chats is not a list of name-to-link objects', async () => {
    signIn(1);
    stubApi({ '/api/status': { chats: [{ NextChat: 42 }] }, '/api/token/': tokens, ...reveal });
    renderPage(<ChatPage />, '/chat');
    await shownTwice('聊天数据解析失败');
  });
});

describe('the token row chat action', () => {
  it('offers every configured link and fills the chosen one with the key revealed on click', async () => {
    signIn(1);
    const calls = stubApi({ '/api/status': status, 'POST /api/token/7/key': { key: 'row-key' } });
    const tab = { opener: window as unknown, location: { href: '' }, close() {} };
    const opened: string[] = [];
    window.open = (url) => {
      opened.push(String(url));
      return tab as unknown as Window;
    };
    renderPage(<ChatMenu tokenId={7} />);
    fireEvent.click(await screen.findByTestId('token-chat'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(await screen.findByText('Lobe'));
    await waitFor(() => expect(tab.location.href).toBe('https://lobe.example/?key=sk-row-key'));
    expect(opened).toEqual(['']);
    expect(tab.opener).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/token/7/key']);
  });

  it('closes the blank tab when the key cannot be revealed', async () => {
    signIn(1);
    stubApi({ '/api/status': status });
    let closed = false;
    window.open = () => ({ opener: null, location: { href: '' }, close: () => { closed = true; } }) as unknown as Window;
    renderPage(<ChatMenu tokenId={7} />);
    fireEvent.click(await screen.findByTestId('token-chat'));
    fireEvent.click(await screen.findByText('Lobe'));
    await waitFor(() => expect(closed).toBe(true));
  });
});
