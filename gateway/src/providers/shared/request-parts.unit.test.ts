import { describe, expect, it } from 'vitest';
import { requestParts } from './request-parts.js';

const user = (content: unknown) => ({ role: 'user', content });

describe('requestParts', () => {
  it.each([
    ['plain text', { messages: [user('hi')] }, []],
    ['text parts only', { messages: [user([{ type: 'text', text: 'hi' }])] }, []],
    ['an empty tools list', { tools: [], messages: [user('hi')] }, []],
    ['tool definitions', { tools: [{ type: 'function', function: { name: 'f' } }], messages: [user('hi')] }, ['tools']],
    ['legacy functions', { functions: [{ name: 'f' }], messages: [user('hi')] }, ['tools']],
    ['a tool result in the history', { messages: [user('hi'), { role: 'tool', tool_call_id: 't', content: '1' }] }, ['tools']],
    ["an assistant's tool call in the history", { messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 't' }] }] }, ['tools']],
    ['an image part', { messages: [user([{ type: 'text', text: 'what' }, { type: 'image_url', image_url: { url: 'data:' } }])] }, ['images']],
    ['both', { tools: [{ type: 'function' }], messages: [user([{ type: 'image_url' }])] }, ['tools', 'images']],
    ['no messages at all', {}, []],
  ])('%s', (_case, body, parts) => {
    expect(requestParts(body)).toEqual(parts);
  });
});
