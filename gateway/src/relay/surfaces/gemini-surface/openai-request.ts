/** A native generateContent request as clients send it. */
interface ClientPart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: { name?: string; args?: unknown };
  functionResponse?: { name?: string; response?: unknown };
}

interface ClientContent {
  role?: string;
  parts?: ClientPart[];
}

interface ClientRequest {
  contents?: ClientContent[];
  systemInstruction?: ClientContent;
  generationConfig?: { maxOutputTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  tools?: { functionDeclarations?: { name?: string; description?: string; parameters?: unknown }[] }[];
}

type OpenAIPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

const textOf = (content: ClientContent | undefined): string => (content?.parts ?? []).map((p) => p.text ?? '').join('');

/** Gemini calls functions by name and answers them by name: the name is the call id both ways. */
function toOpenAIMessages(content: ClientContent): object[] {
  const parts = content.parts ?? [];
  const results = parts.filter((p) => p.functionResponse).map((p) => ({ role: 'tool', tool_call_id: p.functionResponse?.name ?? '', content: JSON.stringify(p.functionResponse?.response ?? {}) }));
  const media = parts.flatMap((p): OpenAIPart[] => {
    if (typeof p.text === 'string') return [{ type: 'text', text: p.text }];
    if (p.inlineData) return [{ type: 'image_url', image_url: { url: `data:${p.inlineData.mimeType ?? 'image/png'};base64,${p.inlineData.data ?? ''}` } }];
    return p.fileData?.fileUri ? [{ type: 'image_url', image_url: { url: p.fileData.fileUri } }] : [];
  });
  const calls = parts
    .filter((p) => p.functionCall)
    .map((p) => ({ id: p.functionCall?.name ?? '', type: 'function', function: { name: p.functionCall?.name ?? '', arguments: JSON.stringify(p.functionCall?.args ?? {}) } }));
  const role = content.role === 'model' ? 'assistant' : 'user';
  const body = media.every((p) => p.type === 'text') ? media.map((p) => (p.type === 'text' ? p.text : '')).join('') : media;
  const turn = media.length > 0 || calls.length > 0 ? [{ role, content: calls.length > 0 && !body ? null : body, ...(calls.length > 0 ? { tool_calls: calls } : {}) }] : [];
  return [...results, ...turn];
}

/**
 * A generateContent request as an OpenAI chat completion, for a channel that does not speak
 * Google's protocol: the system instruction first, parts as text and images, function
 * declarations as tools, the generation config as OpenAI's parameters, usage asked of a stream.
 */
export function geminiRequestToOpenAI(body: Record<string, unknown>, model: string, stream: boolean): Record<string, unknown> {
  const request = body as ClientRequest;
  const system = textOf(request.systemInstruction);
  const config = request.generationConfig ?? {};
  const declarations = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  const openAI: Record<string, unknown> = {
    model,
    messages: [...(system ? [{ role: 'system', content: system }] : []), ...(request.contents ?? []).flatMap(toOpenAIMessages)],
    max_tokens: config.maxOutputTokens,
    temperature: config.temperature,
    top_p: config.topP,
    stop: config.stopSequences,
    tools: declarations.length > 0 ? declarations.map((d) => ({ type: 'function', function: { name: d.name, description: d.description, parameters: d.parameters } })) : undefined,
    stream,
    stream_options: stream ? { include_usage: true } : undefined,
  };
  return Object.fromEntries(Object.entries(openAI).filter(([, value]) => value !== undefined));
}
