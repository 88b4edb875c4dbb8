import type { FastifyInstance } from 'fastify';

/** The largest body any route reads (an audio upload or a long conversation); past it, a 413. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The deepest nesting a JSON body may have. Real requests stay far below it (a tool's JSON
 * Schema nests a dozen levels); past it, every recursive reader of the body (prompt counting,
 * translation to another provider) would risk the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** A body past MAX_JSON_DEPTH: a 400 in the surface's error shape, naming where it got too deep. */
export class BodyTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'GW_ERR_BODY_TOO_DEEP';

  constructor(path: string) {
    super(`body nests deeper than ${MAX_JSON_DEPTH} levels at ${path}`);
    this.name = 'BodyTooDeepError';
  }
}

interface Node {
  value: unknown;
  depth: number;
  key: string;
  parent: Node | null;
}

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) keys.unshift(at.key);
  return keys.length > 0 ? keys.join('.') : '(root)';
}

/** Where `value` first nests deeper than `max` (a dotted path), or null; walked with a heap stack, never recursion. */
export function tooDeepAt(value: unknown, max = MAX_JSON_DEPTH): string | null {
  const stack: Node[] = [{ value, depth: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!node.value || typeof node.value !== 'object') continue;
    if (node.depth >= max) return pathOf(node);
    for (const [key, child] of Object.entries(node.value)) stack.push({ value: child, depth: node.depth + 1, key, parent: node });
  }
  return null;
}

/** Fastify's own JSON parser (prototype poisoning refused with a 400), then the depth limit. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error, value) => {
      if (error) return done(error);
      const deepAt = tooDeepAt(value);
      return deepAt ? done(new BodyTooDeepError(deepAt), undefined) : done(null, value);
    });
  });
}
