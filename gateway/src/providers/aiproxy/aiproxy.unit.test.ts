import { describe, expect, it } from 'vitest';
import type { Channel } from '../../ports/documents/channel-store.js';
import { aiProxyStreamTranslator, documentsText, libraryRefusal, openAIAnswer } from './answer.js';
import { aiProxyLibrary } from './index.js';

describe('AI Proxy knowledge base', () => {
  it('asks the library the last message, the library id from other', async () => {
    const request = await aiProxyLibrary.request({ key: 'k', baseUrl: '', other: ' lib-1 ' } as Channel, '/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'first' }, { role: 'user', content: 'second' }] });
    expect(request).toMatchObject({ origin: 'https://api.aiproxy.io', path: '/api/library/ask', headers: { authorization: 'Bearer k' } });
    expect(JSON.parse(String(request.body))).toEqual({ model: 'm', query: 'second', libraryId: 'lib-1', stream: false });
  });

  it('appends the cited documents, and reports no usage so the relay counts', () => {
    expect(documentsText([{ title: 'A', url: 'u1' }, { title: 'B', url: 'u2' }])).toBe('\n\n参考文档：\n1. [A](u1)\n2. [B](u2)\n');
    const { body, usage } = openAIAnswer({ success: true, answer: 'Yes', documents: [] }, 'm');
    expect(usage).toBeNull();
    expect(body).toMatchObject({ choices: [{ message: { content: 'Yes' }, finish_reason: 'stop' }] });
  });

  it('reads a refusal as one (the relay answers 502 and charges nothing), an answer as none', () => {
    expect(libraryRefusal({ success: false, errCode: 2001, message: 'library not found' })).toBe('library not found');
    expect(libraryRefusal({ success: false })).toBe('knowledge base error');
    expect(libraryRefusal({ success: true, answer: 'Yes' })).toBeNull();
  });

  it('streams content, then the documents and the finish', () => {
    const stream = aiProxyStreamTranslator('m');
    const chunks = [{ content: 'Hi', finish: false }, { content: '', finish: true, documents: [{ title: 'A', url: 'u' }] }].flatMap((e) => stream.onEvent(e)) as { choices: { delta: object; finish_reason: string | null }[] }[];
    expect(chunks.map((c) => c.choices[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null },
      { index: 0, delta: { content: '\n\n参考文档：\n1. [A](u)\n' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
    ]);
  });
});
