import { describe, expect, it } from 'vitest';
import { openAIAnswerToGemini } from './gemini-answer.js';
import { openAIChunksToGemini } from './gemini-stream.js';
import { geminiRequestToOpenAI } from './openai-request.js';

describe('a generateContent request as an OpenAI chat completion', () => {
  it('turns contents, images, function calls and responses, tools and the config into OpenAI’s forms', () => {
    const request = geminiRequestToOpenAI(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Weather?' }, { inlineData: { mimeType: 'image/png', data: 'QUJD' } }] },
          { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { temp: 3 } } }] },
        ],
        tools: [{ functionDeclarations: [{ name: 'weather', description: 'Looks it up', parameters: { type: 'object' } }] }],
        generationConfig: { maxOutputTokens: 40, topP: 0.9, stopSequences: ['END'] },
      },
      'upstream-model',
      true,
    );
    expect(request).toEqual({
      model: 'upstream-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,QUJD' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'weather', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'weather', content: '{"temp":3}' },
      ],
      max_tokens: 40,
      top_p: 0.9,
      stop: ['END'],
      tools: [{ type: 'function', function: { name: 'weather', description: 'Looks it up', parameters: { type: 'object' } } }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe('an OpenAI answer in Google’s shape', () => {
  it('gives text and functionCall parts, the finish reason and usage metadata', () => {
    const answer = openAIAnswerToGemini(
      { choices: [{ message: { content: 'Checking.', tool_calls: [{ id: 'c1', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] }, finish_reason: 'length' }], usage: { prompt_tokens: 4, completion_tokens: 6 } },
      'm',
    );
    expect(answer).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Checking.' }, { functionCall: { name: 'weather', args: { city: 'Oslo' } } }] }, finishReason: 'MAX_TOKENS', index: 0 }],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 6, totalTokenCount: 10 },
      modelVersion: 'm',
    });
  });
});

describe('OpenAI chunks as Gemini stream events', () => {
  it('sends each text delta, and the function call whole at the end with finish reason and usage', () => {
    const translator = openAIChunksToGemini('m');
    const chunk = (delta: object, finish: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason: finish }] });
    const events = [
      chunk({ content: 'One ' }),
      chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'weather', arguments: '{"ci' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }),
      chunk({}, 'tool_calls'),
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 8 } },
    ].flatMap((e) => translator.onEvent(e));
    expect(events).toEqual([{ candidates: [{ content: { role: 'model', parts: [{ text: 'One ' }] }, index: 0 }], modelVersion: 'm' }]);
    expect(translator.finish?.()).toEqual([
      {
        candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] }, index: 0, finishReason: 'STOP' }],
        modelVersion: 'm',
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 8, totalTokenCount: 11 },
      },
    ]);
    expect(translator.usage()).toEqual({ promptTokens: 3, completionTokens: 8 });
  });
});

describe('OpenAI reasoning for a Gemini client', () => {
  it('is a thought part, in the answer and in the stream', () => {
    const answer = openAIAnswerToGemini({ choices: [{ message: { content: 'Done.', reasoning_content: 'Plan.' }, finish_reason: 'stop' }] }, 'g');
    expect(answer.candidates[0]?.content.parts).toEqual([{ text: 'Plan.', thought: true }, { text: 'Done.' }]);
    const events = openAIChunksToGemini('g').onEvent({ choices: [{ delta: { reasoning: 'Plan.' } }] });
    expect(events).toEqual([{ candidates: [{ content: { role: 'model', parts: [{ text: 'Plan.', thought: true }] }, index: 0 }], modelVersion: 'g' }]);
  });
});
