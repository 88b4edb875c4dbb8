/** The slices of OpenAI's chat answer and chunks that the other client surfaces are written from. */
export interface OpenAIToolCallOut {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

export interface OpenAIChatAnswer {
  id?: string;
  choices?: { message?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: OpenAIToolCallOut[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

export interface OpenAIChatChunk {
  id?: string;
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: OpenAIToolCallOut[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** A tool call's arguments, which OpenAI sends as JSON text; unreadable text reads as no arguments. */
export function parseArguments(text: string | undefined): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}
