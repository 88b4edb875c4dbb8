/**
 * The completion text of an answer, in each protocol's own shape, for counting with the tokenizer
 * when the upstream reports no usage. Everything the model produced counts: the text, reasoning
 * (OpenAI's reasoning_content / reasoning, Claude's thinking, Gemini's thought parts) and tool
 * calls (the function's name and its arguments), as the wire-compatible gateway counts them.
 */

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const json = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/** A message's content: a string, or parts with text. */
function contentText(content: unknown): string {
  return typeof content === 'string' ? content : asArray(content).map((part) => str(asRecord(part).text)).join('');
}

function toolCallText(call: unknown): string {
  const fn = asRecord(asRecord(call).function);
  return str(fn.name) + str(fn.arguments);
}

/** An OpenAI chat message or stream delta: content, reasoning, tool calls and the legacy function_call. */
function openAIMessageText(message: unknown): string {
  const m = asRecord(message);
  const calls = asArray(m.tool_calls).map(toolCallText).join('');
  const legacy = m.function_call ? toolCallText({ function: m.function_call }) : '';
  // Reasoning first, as a stream sends it: a plain answer and its stream then read as the same text.
  return str(m.reasoning_content) + str(m.reasoning) + contentText(m.content) + calls + legacy;
}

/** A whole chat completion (each choice's message) or legacy completion (each choice's text). */
export function openAIAnswerText(answer: unknown): string {
  return asArray(asRecord(answer).choices)
    .map((choice) => openAIMessageText(asRecord(choice).message) + str(asRecord(choice).text))
    .join('');
}

/** One chat completion chunk (each choice's delta) or legacy completion chunk (each choice's text). */
export function openAIChunkText(chunk: unknown): string {
  return asArray(asRecord(chunk).choices)
    .map((choice) => openAIMessageText(asRecord(choice).delta) + str(asRecord(choice).text))
    .join('');
}

/** A Claude content block: text, thinking, or a tool_use's name and input. */
function claudeBlockText(block: unknown): string {
  const b = asRecord(block);
  if (b.type === 'tool_use' || b.type === 'server_tool_use') return str(b.name) + (Object.keys(asRecord(b.input)).length ? json(b.input) : '');
  return str(b.text) + str(b.thinking);
}

/** A whole Messages API answer. */
export const claudeAnswerText = (answer: unknown): string => asArray(asRecord(answer).content).map(claudeBlockText).join('');

/** One Messages API stream event: a block's start (a tool's name, any opening text) or a delta (text, thinking, tool input). */
export function claudeEventText(event: unknown): string {
  const e = asRecord(event);
  if (e.type === 'content_block_start') return claudeBlockText(e.content_block);
  if (e.type !== 'content_block_delta') return '';
  const delta = asRecord(e.delta);
  return str(delta.text) + str(delta.thinking) + str(delta.partial_json);
}

/** A generateContent answer or stream event: every candidate's text parts (thoughts too) and function calls. */
export function geminiResponseText(response: unknown): string {
  const parts = asArray(asRecord(response).candidates).flatMap((candidate) => asArray(asRecord(asRecord(candidate).content).parts));
  return parts
    .map((part) => {
      const p = asRecord(part);
      const call = asRecord(p.functionCall);
      return str(p.text) + (p.functionCall ? str(call.name) + json(call.args) : '');
    })
    .join('');
}

/** A Responses API output item: a message's text, reasoning's summary and text, a function call's name and arguments. */
function responsesItemText(item: unknown): string {
  const i = asRecord(item);
  if (i.type === 'function_call' || i.type === 'custom_tool_call') return str(i.name) + str(i.arguments) + str(i.input);
  const parts = [...asArray(i.content), ...asArray(i.summary)];
  return parts.map((part) => str(asRecord(part).text)).join('');
}

/** A whole Responses API answer. */
export const responsesAnswerText = (answer: unknown): string => asArray(asRecord(answer).output).map(responsesItemText).join('');

/** The Responses stream events that carry produced text as a delta. */
const RESPONSES_DELTAS = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta',
  'response.custom_tool_call_input.delta',
]);

/** One Responses API stream event: a text, reasoning or arguments delta, or a function call's name as its item is added. */
export function responsesEventText(event: unknown): string {
  const e = asRecord(event);
  if (typeof e.type === 'string' && RESPONSES_DELTAS.has(e.type)) return str(e.delta);
  const item = asRecord(e.item);
  return e.type === 'response.output_item.added' && (item.type === 'function_call' || item.type === 'custom_tool_call') ? str(item.name) : '';
}
