import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { PlaygroundPage } from './page';

/** A stream the test writes into piece by piece, as an upstream would. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return { body, write: (text: string) => controller.enqueue(encoder.encode(text)), close: () => controller.close() };
}
const frame = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** Stubs the console API and answers the playground endpoint with `answer`; records its requests. */
function setUp(answer: () => Response) {
  signIn(1);
  stubApi({ '/api/user/models': ['gpt-4o-mini', 'gpt-4o'], '/api/user/self/groups': { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'vip分组' } } });
  const api = globalThis.fetch;
  const sent: { body: Record<string, unknown>; headers: Headers }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) !== '/pg/chat/completions') return api(input, init);
    sent.push({ body: JSON.parse(String(init.body)), headers: new Headers(init.headers) });
    return answer();
  }) as typeof fetch;
  renderPage(<PlaygroundPage />, '/playground');
  return sent;
}
const ask = (text: string) => {
  fireEvent.change(screen.getByLabelText('输入消息'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '发送' }));
};
const answer = () => screen.getByTestId('message-assistant');

describe('PlaygroundPage', () => {
  it('shows the answer piece by piece while streaming, then complete at the done marker', async () => {
    const stream = controlledStream();
    const sent = setUp(() => new Response(stream.body, { headers: { 'Content-Type': 'text/event-stream' } }));
    fireEvent.change(await screen.findByLabelText('系统提示词'), { target: { value: 'Be brief.' } });
    ask('Hi');
    await waitFor(() => expect(answer().dataset.status).toBe('loading'));
    stream.write(frame('Hel'));
    await waitFor(() => expect(answer().textContent).toBe('Hel'));
    expect(answer().dataset.status).toBe('incomplete');
    stream.write(frame('lo').slice(0, 20));
    stream.write(frame('lo').slice(20));
    await waitFor(() => expect(answer().textContent).toBe('Hello'));
    stream.write('data: [DONE]\n\n');
    await waitFor(() => expect(answer().dataset.status).toBe('complete'));
    expect(sent[0]?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
    expect(sent[0]?.body).not.toHaveProperty('max_tokens');
    expect(sent[0]?.headers.get('New-Api-User')).toBe('2');
  });

  it('ends the answer on an empty choices list', async () => {
    const stream = controlledStream();
    setUp(() => new Response(stream.body));
    ask('Hi');
    stream.write(frame('One'));
    stream.write(`data: ${JSON.stringify({ choices: [] })}\n\n`);
    await waitFor(() => expect(answer().dataset.status).toBe('complete'));
    expect(answer().textContent).toBe('One');
  });

  it('sends the chosen model, group and max tokens, and reads a whole answer when streaming is off', async () => {
    const sent = setUp(() => Response.json({ choices: [{ message: { role: 'assistant', content: 'Whole answer' } }] }));
    await screen.findByRole('option', { name: 'vip · vip分组 (1.5x)' });
    fireEvent.change(screen.getByLabelText('分组'), { target: { value: 'vip' } });
    fireEvent.change(screen.getByLabelText('模型'), { target: { value: 'gpt-4o' } });
    fireEvent.change(screen.getByLabelText('最大 Token 数'), { target: { value: '64' } });
    fireEvent.click(screen.getByRole('switch', { name: '流式输出' }));
    ask('Hi');
    await waitFor(() => expect(answer().textContent).toBe('Whole answer'));
    expect(answer().dataset.status).toBe('complete');
    expect(sent[0]?.body).toMatchObject({ model: 'gpt-4o', group: 'vip', max_tokens: 64, stream: false });
  });

  it('stops a running answer and keeps what arrived', async () => {
    const stream = controlledStream();
    setUp(() => new Response(stream.body));
    ask('Hi');
    stream.write(frame('Partial'));
    await waitFor(() => expect(answer().textContent).toBe('Partial'));
    fireEvent.click(screen.getByRole('button', { name: '停止' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '发送' })).toBeTruthy());
    expect(answer().textContent).toBe('Partial');
  });

  it('marks the answer as an error when the gateway refuses, and clear empties the list', async () => {
    setUp(() => Response.json({ error: { message: '用户额度不足' } }, { status: 403 }));
    ask('Hi');
    await waitFor(() => expect(answer().dataset.status).toBe('error'));
    expect(answer().textContent).toBe('用户额度不足');
    fireEvent.click(screen.getByRole('button', { name: '清空对话' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
