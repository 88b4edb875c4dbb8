import fc from 'fast-check';
import { oddValue, shapedObject } from './fuzz-values.js';
import { MODELS } from '../gateways/three-channels.js';

/**
 * Relay bodies of every surface, shaped like the real thing with odd values mixed in, so the fuzz
 * reaches prompt counting, admission, translation and the upstream call, not only the schemas.
 */

/** The served models only: a name no channel serves is new-api's deliberate 503 (无可用渠道), not a fault. */
const model = fc.constantFrom(MODELS.openai, MODELS.claude, MODELS.gemini);
const text = fc.string({ maxLength: 30 });
const smallInt = fc.integer({ min: 1, max: 200 });
const dataUrl = fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:;base64,', 'http://127.0.0.1:9/none.png');
const few = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });
const withRequired = (fields: Record<string, fc.Arbitrary<unknown>>, required: string[]) =>
  fc.tuple(shapedObject(fields), fc.record(Object.fromEntries(required.map((key) => [key, fields[key] as fc.Arbitrary<unknown>])))).map(([shaped, must]) => ({ ...must, ...shaped }));

const openAIPart = shapedObject({ type: fc.constantFrom('text', 'image_url', 'input_audio', 'file'), text, image_url: fc.oneof(dataUrl, fc.record({ url: dataUrl })) });
const toolCall = shapedObject({ id: text, type: fc.constant('function'), function: shapedObject({ name: text, arguments: fc.oneof(text, fc.constant('{"a":1}')) }) });
const openAIMessage = shapedObject({
  role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool'),
  content: fc.oneof(text, few(openAIPart), fc.constant(null)),
  tool_calls: few(toolCall),
  tool_call_id: text,
});
const openAITool = shapedObject({ type: fc.constant('function'), function: shapedObject({ name: text, description: text, parameters: fc.jsonValue({ maxDepth: 3 }) }) });
const sampling = { stream: fc.boolean(), max_tokens: smallInt, temperature: fc.double({ min: 0, max: 2, noNaN: true }) };

const chat = withRequired(
  { model, messages: few(openAIMessage), ...sampling, tools: few(openAITool), tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.record({ type: fc.constant('function'), function: fc.record({ name: text }) })), stop: fc.oneof(text, few(text)), stream_options: fc.record({ include_usage: fc.boolean() }) },
  ['model', 'messages'],
);
/** The Responses API and embeddings are OpenAI's alone: other channels are not asked (and a 503 无可用渠道 answers that, as in new-api). */
const openAIModel = fc.constant(MODELS.openai);
const completions = withRequired({ model, prompt: fc.oneof(text, few(text)), ...sampling }, ['model', 'prompt']);
const embeddings = withRequired({ model: openAIModel, input: fc.oneof(text, few(text)) }, ['model', 'input']);
const responses = withRequired(
  { model: openAIModel, input: fc.oneof(text, few(shapedObject({ role: fc.constantFrom('user', 'assistant'), content: fc.oneof(text, few(shapedObject({ type: fc.constant('input_text'), text }))) }))), stream: fc.boolean(), max_output_tokens: smallInt },
  ['model', 'input'],
);

const claudeBlock = shapedObject({
  type: fc.constantFrom('text', 'image', 'tool_use', 'tool_result', 'document'),
  text,
  source: shapedObject({ type: fc.constantFrom('base64', 'url'), media_type: fc.constant('image/png'), data: fc.constant('iVBORw0KGgo='), url: dataUrl }),
  id: text,
  name: text,
  input: fc.jsonValue({ maxDepth: 2 }),
  tool_use_id: text,
  content: fc.oneof(text, few(shapedObject({ type: fc.constant('text'), text }))),
});
const claude = withRequired(
  {
    model,
    max_tokens: smallInt,
    messages: few(shapedObject({ role: fc.constantFrom('user', 'assistant'), content: fc.oneof(text, few(claudeBlock)) })),
    system: fc.oneof(text, few(claudeBlock)),
    tools: few(shapedObject({ name: text, description: text, input_schema: fc.jsonValue({ maxDepth: 3 }) })),
    stream: fc.boolean(),
    stop_sequences: few(text),
  },
  ['model', 'max_tokens', 'messages'],
);

const geminiPart = shapedObject({
  text,
  inlineData: shapedObject({ mimeType: fc.constant('image/png'), data: fc.constant('iVBORw0KGgo=') }),
  functionCall: shapedObject({ name: text, args: fc.jsonValue({ maxDepth: 2 }) }),
  functionResponse: shapedObject({ name: text, response: fc.jsonValue({ maxDepth: 2 }) }),
});
const geminiContent = shapedObject({ role: fc.constantFrom('user', 'model'), parts: few(geminiPart) });
const gemini = withRequired(
  {
    contents: few(geminiContent),
    systemInstruction: geminiContent,
    generationConfig: shapedObject({ maxOutputTokens: smallInt, temperature: fc.double({ min: 0, max: 2, noNaN: true }), topP: fc.double({ min: 0, max: 1, noNaN: true }), stopSequences: few(text) }),
    tools: few(shapedObject({ functionDeclarations: few(shapedObject({ name: text, description: text, parameters: fc.jsonValue({ maxDepth: 3 }) })) })),
  },
  ['contents'],
);

export interface RelayCall {
  path: string;
  body: unknown;
}

/** One relay call of any surface: its path and its body (the body itself odd now and then). */
export const relayCall: fc.Arbitrary<RelayCall> = fc.oneof(
  { weight: 4, arbitrary: chat.map((body) => ({ path: '/v1/chat/completions', body })) },
  { weight: 1, arbitrary: completions.map((body) => ({ path: '/v1/completions', body })) },
  { weight: 1, arbitrary: embeddings.map((body) => ({ path: '/v1/embeddings', body })) },
  { weight: 2, arbitrary: responses.map((body) => ({ path: '/v1/responses', body })) },
  { weight: 3, arbitrary: claude.map((body) => ({ path: '/v1/messages', body })) },
  { weight: 1, arbitrary: claude.map((body) => ({ path: '/v1/messages/count_tokens', body })) },
  {
    weight: 3,
    arbitrary: fc.tuple(model, fc.constantFrom('generateContent', 'streamGenerateContent?alt=sse'), gemini).map(([name, action, body]) => ({ path: `/v1beta/models/${name}:${action}`, body })),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/v1/chat/completions', '/v1/messages', `/v1beta/models/${MODELS.gemini}:generateContent`), oddValue).map(([path, body]) => ({ path, body })) },
);
