type Body = Record<string, unknown>;

/** Where a surface's request bounds the answer's tokens, in that provider's own field. */
export interface OutputLimitField {
  /** The client's own limit, or undefined when it set none. */
  own(body: Body): number | undefined;
  /** The body with the answer bounded at `limit` (lower than the client's own, if any). */
  write(body: Body, limit: number): Body;
}

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

const smallest = (...values: unknown[]): number | undefined => {
  const given = values.map(positive).filter((v): v is number => v !== undefined);
  return given.length ? Math.min(...given) : undefined;
};

/** A limit kept in one top-level field. */
const topLevel = (field: string): OutputLimitField => ({
  own: (body) => positive(body[field]),
  write: (body, limit) => ({ ...body, [field]: limit }),
});

/** OpenAI's reasoning models (o1, o3, o4-mini, ...) refuse max_tokens and take max_completion_tokens. */
const isReasoningModel = (model: unknown) => typeof model === 'string' && /^o\d/.test(model);

/**
 * Chat completions: the field the client used (both, if it sent both); when it sent neither,
 * max_completion_tokens for a reasoning model and max_tokens for the others.
 */
export const openAIChatLimit: OutputLimitField = {
  own: (body) => smallest(body.max_tokens, body.max_completion_tokens),
  write: (body, limit) => {
    const completionField = body.max_completion_tokens !== undefined || (body.max_tokens === undefined && isReasoningModel(body.model));
    return { ...body, ...(completionField ? { max_completion_tokens: limit } : {}), ...(body.max_tokens !== undefined || !completionField ? { max_tokens: limit } : {}) };
  },
};

export const openAICompletionsLimit = topLevel('max_tokens');
export const responsesLimit = topLevel('max_output_tokens');
export const claudeLimit = topLevel('max_tokens');

/** Gemini's generateContent: generationConfig.maxOutputTokens. */
export const geminiLimit: OutputLimitField = {
  own: (body) => positive((body.generationConfig as Body | undefined)?.maxOutputTokens),
  write: (body, limit) => ({ ...body, generationConfig: { ...(body.generationConfig as Body | undefined), maxOutputTokens: limit } }),
};

/** The body as given, or bounded at `limit` when the hold pays for less than the client asked. */
export function bounded<T extends Body>(field: OutputLimitField, body: T, limit: number | undefined): T {
  return limit === undefined ? body : (field.write(body, limit) as T);
}
