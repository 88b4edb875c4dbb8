/** The cases of the provider matrix, in the order its table lists them. */
export const CASES = ['plain', 'streamed', 'tools', 'images', '429', '5xx', '200-refusal', 'malformed-stream', 'no-usage', 'refusal'] as const;
export type CaseName = (typeof CASES)[number];

/** What a family mock answers in the cells that answer: the reply, its usage, and the tool call of the tools cell. */
export const SCRIPT = {
  reply: 'The weather in Paris is mild today.',
  afterTool: 'It is 22C and sunny in Paris.',
  seesImage: 'I see one red pixel.',
  refused: 'I cannot',
  usage: { prompt: 9, completion: 13 },
  tool: { id: 'call_matrix_1', name: 'get_weather', args: { city: 'Paris' } },
  /** What the client's tool returns: the mock looks for it in the follow-up request. */
  toolResult: 'sunny, 22C',
  /** A 1x1 red PNG: the images cell sends it as a data URL; the mock looks for its bytes in the provider's own shape. */
  pixelBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
} as const;

/**
 * The tag a cell writes into its prompt: the mock reads the case from it, whatever the provider's
 * body shape, and the cell finds its own request among the family's by the id.
 */
export const cellTag = (name: CaseName, id: string): string => `[[cell:${name}:${id}]]`;

/** The cell id a request's tag carries, or null for an untagged request. */
export const cellIdOf = (raw: string): string | null => /\[\[cell:[\w-]+:(\w+)\]\]/.exec(raw)?.[1] ?? null;

/** The case a request's tag names; an untagged request (the channel test's) is answered as plain. */
export function caseOfRequest(raw: string): CaseName {
  const found = /\[\[cell:([\w-]+):\w+\]\]/.exec(raw)?.[1];
  return (CASES as readonly string[]).includes(found ?? '') ? (found as CaseName) : 'plain';
}
