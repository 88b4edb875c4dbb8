import { z } from 'zod';

/** The most items any list of a relay body may hold (messages, parts, tools, stop words). */
export const MAX_LIST_ITEMS = 10_000;

export const listOf = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_LIST_ITEMS);

const imageUrl = z.union([z.string(), z.looseObject({ url: z.string().optional() }), z.null()]);
const part = z.looseObject({ type: z.string().optional(), text: z.string().optional(), image_url: imageUrl.optional() });
const functionCall = z.looseObject({ name: z.string(), arguments: z.string().optional() });
const chatMessage = (toolCall: z.ZodType) =>
  z.looseObject({
    role: z.string(),
    content: z.union([z.string(), listOf(part), z.null()]).optional(),
    tool_calls: listOf(toolCall).nullable().optional(),
    tool_call_id: z.string().optional(),
  });

/**
 * One OpenAI chat message as every reader of it (prompt counting, the route) takes it. A tool call
 * need not be a function's (OpenAI's custom tools call with `custom`), so the route lets it pass.
 */
export const openAIChatMessage = chatMessage(z.looseObject({ id: z.string().optional(), function: functionCall.optional() }));

/** The fields of an OpenAI chat request that a translation to another provider reads: there, every tool call is a function's. */
export const openAIChatTranslatable = z.looseObject({
  messages: listOf(chatMessage(z.looseObject({ id: z.string().optional(), function: functionCall }))).optional(),
  tools: listOf(z.looseObject({ type: z.string().optional(), function: z.looseObject({ name: z.string(), description: z.string().optional() }).optional() }))
    .nullable()
    .optional(),
  stop: z.union([z.string(), listOf(z.string()), z.null()]).optional(),
});

/** A request that cannot be put in the channel's protocol: the client's fault, so a 400 naming the part. */
export class UntranslatableRequest extends Error {
  constructor(target: string, part: string, problem: string) {
    super(`the request cannot be translated for ${target}: ${part}: ${problem}`);
    this.name = 'UntranslatableRequest';
  }
}

/** Where a zod issue points, as a client reads it: `messages[0].content`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '') || '(body)';
}

/** Checks `body` against what the `target` translation reads, or throws naming the first bad part. */
export function checkTranslatable(target: string, body: unknown): void {
  const parsed = openAIChatTranslatable.safeParse(body);
  const issue = parsed.error?.issues[0];
  if (issue) throw new UntranslatableRequest(target, pathText(issue.path), issue.message);
}
