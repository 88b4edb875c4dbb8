import type { Usage } from '../../providers/types.js';
import { evaluate, type Evaluated, KNOWN_FUNCTIONS } from './evaluate.js';
import { ExpressionError } from './lexer.js';
import { type Node, parse } from './parser.js';

/** The prompt kinds an expression may price apart from `p`: the tokens of each (a cache write is `cc` for five minutes, `cc1h` for an hour). */
const PROMPT_KINDS: Readonly<Record<string, (usage: Usage) => number>> = {
  cr: (usage) => usage.cachedPromptTokens ?? 0,
  cc: (usage) => (usage.cacheWriteTokens ?? 0) - Math.min(usage.cacheWrite1hTokens ?? 0, usage.cacheWriteTokens ?? 0),
  cc1h: (usage) => Math.min(usage.cacheWrite1hTokens ?? 0, usage.cacheWriteTokens ?? 0),
  img: (usage) => usage.imagePromptTokens ?? 0,
  ai: (usage) => usage.audioPromptTokens ?? 0,
};
/** Tollgate's usage does not tell these apart; they read 0, and their tokens stay in `p` and `c`. */
const UNREPORTED_KINDS = ['img_cr', 'img_o'] as const;
const COMPLETION_KINDS = { ao: 'audioCompletionTokens' } as const;
const VARIABLES: ReadonlySet<string> = new Set(['p', 'c', 'len', ...Object.keys(PROMPT_KINDS), ...UNREPORTED_KINDS, ...Object.keys(COMPLETION_KINDS)]);

/** A model's price expression (new-api's billing_setting.billing_expr), checked and parsed once. */
export interface PriceExpression {
  text: string;
  tree: Node;
  /** The kinds the expression prices apart: their tokens leave `p` (or `c`). */
  priced: ReadonlySet<string>;
}

function names(node: Node, into: { variables: Set<string>; functions: Set<string> }): void {
  if (node.kind === 'variable') into.variables.add(node.name);
  if (node.kind === 'call') into.functions.add(node.name);
  const children = node.kind === 'call' ? node.args : node.kind === 'unary' ? [node.operand] : node.kind === 'binary' ? [node.left, node.right] : node.kind === 'conditional' ? [node.test, node.then, node.otherwise] : [];
  for (const child of children) names(child, into);
}

/** new-api's `v1:` prefix names the only version there is. */
const withoutVersion = (text: string) => text.trim().replace(/^v1:/, '');

/**
 * Parses and checks an expression: only the known variables and functions, a tier() around the
 * price, and a finite, non-negative cost for a sample usage. Throws an ExpressionError naming the
 * fault; request-reading functions (param, header) are not served yet and are refused by name.
 */
export function compilePriceExpression(text: string): PriceExpression {
  const tree = parse(withoutVersion(text));
  const used = { variables: new Set<string>(), functions: new Set<string>() };
  names(tree, used);
  for (const name of used.variables) if (!VARIABLES.has(name)) throw new ExpressionError(`未知的变量 ${name}`);
  for (const name of used.functions) if (!KNOWN_FUNCTIONS.has(name)) throw new ExpressionError(`不支持的函数 ${name}()`);
  if (!used.functions.has('tier')) throw new ExpressionError('价格必须写在 tier("名称", 价格) 里');
  const expression = { text, tree, priced: used.variables };
  const sample = costOfUsage(expression, { promptTokens: 1_000, completionTokens: 1_000 }, true);
  if (!Number.isFinite(sample.value) || sample.value < 0) throw new ExpressionError('示例用量下价格不是非负的有限数');
  return expression;
}

/** The variables for a usage: each kind the expression prices apart is taken out of `p` or `c`; `len` is the whole prompt. */
function variablesOf(expression: PriceExpression, usage: Usage): Record<string, number> {
  const variables: Record<string, number> = Object.create(null) as Record<string, number>;
  let plainPrompt = usage.promptTokens;
  for (const [name, tokensOf] of Object.entries(PROMPT_KINDS)) {
    const tokens = tokensOf(usage);
    variables[name] = tokens;
    if (expression.priced.has(name)) plainPrompt -= tokens;
  }
  let plainCompletion = usage.completionTokens;
  for (const [name, field] of Object.entries(COMPLETION_KINDS)) {
    const tokens = usage[field] ?? 0;
    variables[name] = tokens;
    if (expression.priced.has(name)) plainCompletion -= tokens;
  }
  for (const name of UNREPORTED_KINDS) variables[name] = 0;
  variables.p = Math.max(plainPrompt, 0);
  variables.c = Math.max(plainCompletion, 0);
  variables.len = usage.promptTokens;
  return variables;
}

/** The expression's cost (USD x 1e6) and tier for a usage; `worst` takes each condition's dearer branch. */
export function costOfUsage(expression: PriceExpression, usage: Usage, worst = false, now = new Date()): Evaluated {
  return evaluate(expression.tree, { variables: variablesOf(expression, usage), now }, worst);
}
