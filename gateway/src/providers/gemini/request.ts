import { checkTranslatable } from '../shared/chat-input.js';
import type { GeminiContent, GeminiPart } from './types.js';

interface OpenAIPart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
}

interface OpenAIMessage {
  role: string;
  content?: string | OpenAIPart[] | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

function imagePart(url: string): GeminiPart {
  const data = /^data:([^;]+);base64,(.*)$/s.exec(url);
  if (data) return { inlineData: { mimeType: data[1] ?? 'image/png', data: data[2] ?? '' } };
  return { fileData: { mimeType: 'image/*', fileUri: url } };
}

function parts(content: OpenAIMessage['content']): GeminiPart[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return (content ?? []).flatMap((part): GeminiPart[] => {
    if (part.type === 'text' && part.text) return [{ text: part.text }];
    const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
    return part.type === 'image_url' && url ? [imagePart(url)] : [];
  });
}

const textOf = (content: OpenAIMessage['content']) => parts(content).map((p) => ('text' in p ? p.text : '')).join('');

/** Gemini takes an OpenAPI subset: drop the JSON Schema keywords it refuses. */
export function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const dropped = new Set(['$schema', 'additionalProperties', '$id', 'strict']);
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !dropped.has(k)).map(([k, v]) => [k, geminiSchema(v)]));
}

/** OpenAI messages as Gemini contents; a tool result names its function, found by the call's id. */
function contents(messages: OpenAIMessage[]): GeminiContent[] {
  const nameOfCall = new Map<string, string>();
  const turns: GeminiContent[] = [];
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') continue;
    for (const c of m.tool_calls ?? []) nameOfCall.set(c.id, c.function.name);
    const turn: GeminiContent =
      m.role === 'tool'
        ? { role: 'user', parts: [{ functionResponse: { name: nameOfCall.get(m.tool_call_id ?? '') ?? '', response: { content: textOf(m.content) } } }] }
        : { role: m.role === 'assistant' ? 'model' : 'user', parts: [...parts(m.content), ...(m.tool_calls ?? []).map((c) => ({ functionCall: { name: c.function.name, args: parseJson(c.function.arguments) } }))] };
    const last = turns[turns.length - 1];
    if (last && last.role === turn.role) last.parts.push(...turn.parts);
    else turns.push(turn);
  }
  return turns;
}

function toolConfig(choice: unknown): object | undefined {
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const named = (choice as { function?: { name?: string } } | undefined)?.function?.name;
  return named ? { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [named] } } : undefined;
}

/** An OpenAI chat request as a Gemini generateContent body (the model goes in the URL). */
export function geminiRequest(body: Record<string, unknown>): Record<string, unknown> {
  checkTranslatable('Gemini', body);
  const messages = (body.messages as OpenAIMessage[]) ?? [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').flatMap((m) => parts(m.content));
  const tools = (body.tools as { function?: { name: string; description?: string; parameters?: unknown } }[] | undefined)?.flatMap((t) => (t.function ? [t.function] : []));
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop as string[] | undefined);
  const generationConfig = Object.fromEntries(
    Object.entries({ temperature: body.temperature, topP: body.top_p, maxOutputTokens: body.max_tokens ?? body.max_completion_tokens, stopSequences: stop }).filter(([, v]) => v !== undefined),
  );
  const request: Record<string, unknown> = { contents: contents(messages), generationConfig };
  if (system.length > 0) request.systemInstruction = { parts: system };
  if (tools?.length) request.tools = [{ functionDeclarations: tools.map((f) => ({ name: f.name, description: f.description, parameters: geminiSchema(f.parameters) })) }];
  const config = toolConfig(body.tool_choice);
  if (config) request.toolConfig = config;
  return request;
}
